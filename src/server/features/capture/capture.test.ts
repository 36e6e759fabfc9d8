import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturePromptsResponseSchema, captureMessages, voiceMessages } from "../../../contract";
import { createTestApp, get, newUser, ORIGIN, send, type TestApp } from "../../test/harness";
import { CAPTURE_PROMPTS, OPENING_PROMPT } from "./prompt-bank";

// Consciousness Capture (issue 18): the questions a session offers, and an answer saved to the vault as a memory.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const queue = async (cookie: string) => capturePromptsResponseSchema.parse((await get(t, "/api/capture/prompts", cookie)).json());
const save = (cookie: string, body: Record<string, unknown>) => send(t, "POST", "/api/capture/answers", body, cookie);
const memoryCount = async (userId: string) => (await t.owner.query(`SELECT count(*)::int AS n FROM memories WHERE user_id = $1`, [userId])).rows[0].n as number;
/** A stored recording row, as an upload would leave it (the upload itself is tested with the voice feature). */
async function recording(userId: string, purpose: "training" | "consent" = "training"): Promise<string> {
  const { rows } = await t.owner.query(
    `INSERT INTO voice_sessions (user_id, storage_key, duration_seconds, file_size, filename, purpose) VALUES ($1, $1 || '/voice_x.webm', 12, 1000, 'voice_x.webm', $2) RETURNING id`,
    [userId, purpose],
  );
  return rows[0].id;
}

describe("the questions of a session", () => {
  it("open with the spec's business question, then the least mapped domain first, and leave out what was answered", async () => {
    const { cookie } = await newUser(t, "capture.queue@example.com");
    const first = await queue(cookie);
    expect(first).toMatchObject({ answered: 0, total: CAPTURE_PROMPTS.length });
    expect(first.total).toBeGreaterThanOrEqual(60);
    expect(first.queue[0]).toEqual({ id: OPENING_PROMPT.id, domain: "business", domainLabel: "Business & Career", category: OPENING_PROMPT.category, text: OPENING_PROMPT.text, recording: null });
    expect(first.queue).toHaveLength(CAPTURE_PROMPTS.length);
    // Two family memories and one creative one: business and philosophy (none) come first, then creative, then family.
    for (const [content, category] of [["Sunday lunches at my aunt's.", "family"], ["My brother taught me to fish.", "relationships"], ["I paint on Tuesdays.", "creative"]]) {
      expect((await send(t, "POST", "/api/memories", { content, emotion: "Joy", category }, cookie)).statusCode).toBe(201);
    }
    const ordered = (await queue(cookie)).queue.slice(1).map((p) => p.domain);
    const firstOf = (d: string) => ordered.indexOf(d as never);
    expect(firstOf("business")).toBe(0);
    expect(firstOf("philosophical")).toBeLessThan(firstOf("creative"));
    expect(firstOf("creative")).toBeLessThan(firstOf("family"));

    const answered = await save(cookie, { promptId: OPENING_PROMPT.id, content: "  Selling the bakery to keep the family home.  " });
    expect(answered.statusCode, answered.body).toBe(201);
    const after = await queue(cookie);
    expect(after.answered).toBe(1);
    expect(after.queue.map((p) => p.id)).not.toContain(OPENING_PROMPT.id);
  });
});

describe("saving an answer", () => {
  it("makes a memory with the question as its context, in the question's category, as Reflection, linked to its recording", async () => {
    const { cookie, id } = await newUser(t, "capture.save@example.com");
    const prompt = CAPTURE_PROMPTS.find((p) => p.domain === "family")!;
    const recordingId = await recording(id);
    const response = await save(cookie, { promptId: prompt.id, content: "My grandmother's kitchen smelled of cinnamon.", recordingId });
    expect(response.statusCode).toBe(201);
    const memory = response.json().memory;
    expect(memory).toMatchObject({ content: "My grandmother's kitchen smelled of cinnamon.", context: prompt.text, category: prompt.category, emotion: "Reflection", tags: ["capture"], recordingId });
    // It is an ordinary memory of the vault.
    expect((await get(t, `/api/memories/${memory.id}`, cookie)).json().memory).toMatchObject({ context: prompt.text, recordingId });
  });

  it("is one memory per recording: a retry with the same key gets the first, even at the same time; another tab is told where it is", async () => {
    const { cookie, id } = await newUser(t, "capture.once@example.com");
    const prompt = CAPTURE_PROMPTS.find((p) => p.domain === "family")!;
    const keyed = (recordingId: string, key: string, content = "Cinnamon and cloves.") =>
      t.app.inject({ method: "POST", url: "/api/capture/answers", payload: { promptId: prompt.id, content, recordingId }, headers: { origin: ORIGIN, cookie, "idempotency-key": key } });
    // A retry after a lost answer, with the same key, is the same memory: one after the other, and both at once.
    const first = await recording(id);
    const [a, b] = await Promise.all([keyed(first, "4f1c2a9e-0000-4000-8000-000000000001"), keyed(first, "4f1c2a9e-0000-4000-8000-000000000001")]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(b.json().memory.id).toBe(a.json().memory.id);
    const again = await keyed(first, "4f1c2a9e-0000-4000-8000-000000000001");
    expect(again.statusCode).toBe(200);
    expect(again.json().memory.id).toBe(a.json().memory.id);
    // Two tabs holding the same kept recording, each saving it (their own keys, at the same time): one memory, and the
    // other tab is told the answer is already saved and where to find it.
    const second = await recording(id);
    const tabs = await Promise.all([keyed(second, "4f1c2a9e-0000-4000-8000-000000000002", "From one tab."), keyed(second, "4f1c2a9e-0000-4000-8000-000000000003", "From the other.")]);
    expect(tabs.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(tabs.find((r) => r.statusCode === 409)!.json()).toEqual({ error: { code: "capture_answer_exists", message: captureMessages.answerExists } });
    expect((await save(cookie, { promptId: prompt.id, content: "Later, no key.", recordingId: second })).statusCode).toBe(409);
    const linked = await t.owner.query(`SELECT voice_session_id, count(*)::int AS n FROM memories WHERE user_id = $1 GROUP BY 1 ORDER BY 1`, [id]);
    expect(linked.rows).toEqual([first, second].sort().map((recordingId) => ({ voice_session_id: recordingId, n: 1 })));
    // A recording linked to memories from the vault (no question) may still serve several of them.
    const written = await Promise.all(["One story.", "The same story, told again."].map((content) => send(t, "POST", "/api/memories", { content, emotion: "Joy" }, cookie)));
    for (const response of written) expect((await send(t, "PATCH", `/api/memories/${response.json().memory.id}`, { recordingId: first }, cookie)).statusCode).toBe(200);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM memories WHERE voice_session_id = $1`, [first])).rows[0].n).toBe(3);
    // A written capture answer given, in the vault, the recording another answer was spoken in: refused with why, unchanged.
    const writtenAnswer = (await save(cookie, { promptId: OPENING_PROMPT.id, content: "In writing." })).json().memory;
    const attach = await send(t, "PATCH", `/api/memories/${writtenAnswer.id}`, { recordingId: first, content: "In writing, and changed." }, cookie);
    expect(attach.statusCode).toBe(409);
    expect(attach.json()).toEqual({ error: { code: "capture_answer_exists", message: captureMessages.recordingAnswersAnother, fields: { recordingId: captureMessages.recordingAnswersAnother } } });
    expect((await get(t, `/api/memories/${writtenAnswer.id}`, cookie)).json().memory).toMatchObject({ content: "In writing.", recordingId: null, version: 1 });
  });

  it("refuses a blank answer, an unknown question and a recording that is not the person's own, and stores nothing", async () => {
    const a = await newUser(t, "capture.refuse.a@example.com");
    const b = await newUser(t, "capture.refuse.b@example.com");
    const bRecording = await recording(b.id);
    const consent = await recording(a.id, "consent");
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ promptId: OPENING_PROMPT.id, content: "   " }, 400, captureMessages.answerRequired],
      [{ promptId: OPENING_PROMPT.id }, 400, captureMessages.answerRequired],
      [{ promptId: OPENING_PROMPT.id, content: "x".repeat(10_001) }, 400, "A memory has at most 10000 characters."],
      [{ promptId: "no-such-question", content: "An answer." }, 404, captureMessages.promptNotFound],
      [{ promptId: "Bad Id!", content: "An answer." }, 400, captureMessages.promptInvalid],
      [{ promptId: OPENING_PROMPT.id, content: "An answer.", recordingId: "not-a-uuid" }, 400, captureMessages.noRecording],
      [{ promptId: OPENING_PROMPT.id, content: "An answer.", recordingId: bRecording }, 404, voiceMessages.sessionNotFound],
      [{ promptId: OPENING_PROMPT.id, content: "An answer.", recordingId: consent }, 404, voiceMessages.sessionNotFound],
      [{ promptId: OPENING_PROMPT.id, content: "An answer.", context: "smuggled" }, 400, "We could not read what was sent."],
    ];
    for (const [body, status, message] of cases) {
      const response = await save(a.cookie, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.json().error.message).toContain(message);
    }
    expect(await memoryCount(a.id)).toBe(0);
    // B's own questions are untouched by A's attempts, and signed out there is nothing.
    expect((await queue(b.cookie)).answered).toBe(0);
    expect((await get(t, "/api/capture/prompts")).statusCode).toBe(401);
  });
});
