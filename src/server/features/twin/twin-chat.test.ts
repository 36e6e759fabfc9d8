import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twinMessages, twinMessagesResponseSchema } from "../../../contract";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { addAnswer, addMemory, ask } from "./test-helpers";
import { wordsGrounding } from "./grounding";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("twin chat (local model)", () => {
  it("streams a first-person answer from the person's memory, cites it, and stores question and answer with lineage", async () => {
    const { cookie, id } = await newUser(t, "twin.stream@example.com");
    const boat = "My grandfather taught me to sail on Lake Ontario the summer I turned ten. His boat was called the Marigold.";
    const lake = await addMemory(t, cookie, { content: boat, emotion: "Nostalgia", tags: "sailing, grandfather" });
    await addMemory(t, cookie, { content: "I started my first job at the post office in 1971.", emotion: "Pride", category: "career" });
    const answer = await ask(t, cookie, "What was your grandfather's boat called?");
    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain("text/event-stream");
    // Token by token: several text deltas, then the saved answer's metadata, then finish.
    expect(answer.chunks.filter((c) => c.type === "text-delta").length).toBeGreaterThan(5);
    expect(answer.text).toContain("His boat was called the Marigold.");
    expect(answer.metadata?.sources.map((s) => s.id)).toEqual([lake]);
    expect(answer.metadata?.abstained).toBe(false);
    // Grounded is the lower of the reader's calibrated chance and the words' share: the answer is all her own words, so
    // what it shows is how sure the reader is (more likely right than not, never a bare 100 %).
    expect(wordsGrounding(answer.text, [boat])).toBe(100);
    expect(answer.metadata?.authenticityScore).toBeGreaterThanOrEqual(50);
    expect(answer.metadata?.authenticityScore).toBeLessThan(100);
    expect(answer.chunks.at(-1)?.type).toBe("finish");

    const stored = await t.owner.query(`SELECT message_type, prompt, response, lineage, model_name, authenticity_score FROM twin_conversations WHERE user_id = $1 ORDER BY created_at, message_type DESC`, [id]);
    expect(stored.rows.map((r) => r.message_type)).toEqual(["user", "ai"]);
    const ai = stored.rows[1];
    expect(ai.response).toBe(answer.text.trim());
    expect(ai.lineage).toMatchObject({ memoryIds: [lake], calibrationIds: [], provider: "local" });
    expect(ai.lineage.retrievalMs).toBeGreaterThanOrEqual(0);
    expect(ai.lineage.generationMs).toBeGreaterThanOrEqual(0);
    expect(ai.model_name).toBe("mindprint-local-1");
    expect(ai.authenticity_score).toBe(answer.metadata?.authenticityScore);
  });

  it("says plainly when nothing was recorded about the topic, suggests what was, and cites nothing", async () => {
    const { cookie } = await newUser(t, "twin.abstain@example.com");
    await addMemory(t, cookie, { content: "We grew tomatoes and beans behind the house every summer.", tags: "garden, summers" });
    const answer = await ask(t, cookie, "Have you ever been to Japan?");
    expect(answer.text).toMatch(/^I never talked about that/);
    expect(answer.text).toContain("garden");
    expect(answer.metadata).toMatchObject({ sources: [], abstained: true, authenticityScore: null });
  });

  it("declines a near miss by saying what was written instead, and cites nothing", async () => {
    const { cookie } = await newUser(t, "twin.nearmiss@example.com");
    await addMemory(t, cookie, { content: "We never kept cats in that house. Biscuit, our collie, slept by the stove for fourteen winters.", tags: "home, pets" });
    await addMemory(t, cookie, { content: "I taught arithmetic at the village school for thirty-one years.", category: "career" });
    await t.drainJobs();
    const answer = await ask(t, cookie, "Did you have a dachshund?");
    expect(answer.text).toMatch(/^No, I never talked about a dachshund\. Biscuit, our collie, slept by the stove/);
    expect(answer.metadata).toMatchObject({ sources: [], abstained: true });
  });

  it("answers a request for advice from the person's own calibration answer", async () => {
    const { cookie } = await newUser(t, "twin.advice@example.com");
    const loan = await addAnswer(t, cookie, "A friend asks to borrow a large sum of money.", "I would give what I can afford to lose, as a gift, never a loan.");
    await addMemory(t, cookie, { content: "Our first apartment had a view of the train yard.", tags: "home" });
    const answer = await ask(t, cookie, "Should I lend my cousin money for his business?");
    expect(answer.metadata?.sources.map((s) => s.id)).toEqual([loan]);
    expect(answer.text).toContain("never a loan");
  });

  it("never cites a memory hidden from the twin", async () => {
    const { cookie } = await newUser(t, "twin.hidden@example.com");
    const hidden = await addMemory(t, cookie, { content: "The secret recipe for the lemon cake is a spoon of olive oil.", tags: "lemon cake, recipe" });
    await t.app.inject({ method: "PATCH", url: `/api/memories/${hidden}`, payload: { hiddenFromTwin: true }, headers: { origin: "http://localhost:3000", cookie } });
    const answer = await ask(t, cookie, "What is the secret of your lemon cake?");
    expect(answer.metadata?.sources).toEqual([]);
    expect(answer.text).not.toContain("olive oil");
  });

  it("ranks the memory that shares the question's rare words above ones that share only common words", async () => {
    const { cookie } = await newUser(t, "twin.ranking@example.com");
    for (let i = 0; i < 6; i++) await addMemory(t, cookie, { content: `One summer day number ${i} we went to the lake with the family.`, tags: "summer" });
    const fair = await addMemory(t, cookie, { content: "At the county fair I won a blue ribbon for my peach preserves.", emotion: "Pride", tags: "fair, preserves" });
    const answer = await ask(t, cookie, "Which summer did you win the ribbon at the county fair?");
    expect(answer.metadata?.sources[0]?.id).toBe(fair);
  });

  it("ignores blank text and too long text with the contract's messages, storing nothing", async () => {
    const { cookie, id } = await newUser(t, "twin.validation@example.com");
    const blank = await send(t, "POST", "/api/twin/chat", { text: "   " }, cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(twinMessages.textRequired);
    const long = await send(t, "POST", "/api/twin/chat", { text: "x".repeat(2001) }, cookie);
    expect(long.json().error.message).toBe(twinMessages.textTooLong);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM twin_conversations WHERE user_id = $1`, [id])).rows[0].n).toBe(0);
  });

  it("loads the history oldest first with sources, and keeps feedback reversible", async () => {
    const { cookie } = await newUser(t, "twin.history@example.com");
    const bread = await addMemory(t, cookie, { content: "Every Saturday my mother baked rye bread and let me shape the last loaf.", tags: "bread, mother" });
    await ask(t, cookie, "Who baked bread on Saturdays?");
    await ask(t, cookie, "Did you ever fly a plane?");
    const history = twinMessagesResponseSchema.parse((await get(t, "/api/twin/messages", cookie)).json()).messages;
    expect(history.map((m) => m.role)).toEqual(["user", "twin", "user", "twin"]);
    expect(history[0]?.text).toBe("Who baked bread on Saturdays?");
    expect(history[1]?.sources).toEqual([{ kind: "memory", id: bread, label: expect.stringContaining("Every Saturday my mother"), available: true }]);
    const answerId = history[1]!.id;
    for (const feedback of ["up", "down", null] as const) {
      const response = await send(t, "PUT", `/api/twin/messages/${answerId}/feedback`, { feedback }, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().message.feedback).toBe(feedback);
    }
    expect((await send(t, "PUT", `/api/twin/messages/${answerId}/feedback`, { feedback: "sideways" }, cookie)).statusCode).toBe(400);
    // Questions carry no thumbs.
    expect((await send(t, "PUT", `/api/twin/messages/${history[0]!.id}/feedback`, { feedback: "up" }, cookie)).statusCode).toBe(404);
    // A deleted memory stays listed as a source, marked unavailable.
    await t.app.inject({ method: "DELETE", url: `/api/memories/${bread}`, headers: { origin: "http://localhost:3000", cookie } });
    const after = twinMessagesResponseSchema.parse((await get(t, "/api/twin/messages", cookie)).json()).messages;
    expect(after[1]?.sources[0]).toMatchObject({ id: bread, available: false });
  });
});

describe("twin laboratory and status", () => {
  it("decides a scenario from the person's answers and names what it used, without adding to the conversation", async () => {
    const { cookie, id } = await newUser(t, "twin.lab@example.com");
    const wallet = await addAnswer(t, cookie, "You find a wallet with cash on the sidewalk.", "I would take it to the police station with every note still in it.");
    await t.drainJobs();
    const response = await send(t, "POST", "/api/twin/scenario", { scenario: "I found a wallet full of cash in a taxi. What would you do?" }, cookie);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.decision).toContain("police station");
    expect(result.sources.map((s: { id: string }) => s.id)).toEqual([wallet]);
    expect(result.abstained).toBe(false);
    expect(result.kind).toBe("answer");
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM twin_conversations WHERE user_id = $1`, [id])).rows[0].n).toBe(0);
    // A scenario in crisis words is answered by Mindprint's support message, marked so the lab neither rates nor sources it.
    const crisis = (await send(t, "POST", "/api/twin/scenario", { scenario: "I'm going to kill myself on Friday. Should I write letters first?" }, cookie)).json();
    expect(crisis).toMatchObject({ kind: "support", sources: [], authenticityScore: null });
    expect(crisis.decision).toContain("988");
    const blank = await send(t, "POST", "/api/twin/scenario", { scenario: " " }, cookie);
    expect(blank.json().error.message).toBe(twinMessages.scenarioRequired);
  });

  it("reports what the twin can draw on, when it last changed, the owner's ratings and the honesty self-check", async () => {
    const { cookie } = await newUser(t, "twin.status@example.com");
    const empty = (await get(t, "/api/twin/status", cookie)).json();
    expect(empty).toMatchObject({ memoriesAvailable: 0, calibrationAnswers: 0, lastTrainedAt: null, ratings: { rated: 0, up: 0 }, honesty: null, provider: "local" });
    await addMemory(t, cookie, { content: "I learned to knit from my aunt during the long winter of 1979.", tags: "knitting, aunt" });
    await addMemory(t, cookie, { content: "We moved to Halifax when the shipyard closed.", tags: "halifax, moving" });
    await addMemory(t, cookie, { content: "The day the twins were born it snowed in April.", tags: "twins, birth" });
    const hidden = await addMemory(t, cookie, { content: "A private note.", tags: "private" });
    await t.app.inject({ method: "PATCH", url: `/api/memories/${hidden}`, payload: { hiddenFromTwin: true }, headers: { origin: "http://localhost:3000", cookie } });
    // Written, not yet read for meaning: the card shows how far the embedding job has come.
    expect((await get(t, "/api/twin/status", cookie)).json()).toMatchObject({ memoriesAvailable: 3, memoriesEmbedded: 0, readingMemories: true });
    await t.drainJobs();
    const status = (await get(t, "/api/twin/status", cookie)).json();
    expect(status).toMatchObject({ memoriesEmbedded: 3, readingMemories: false });
    // Six probes about things never recorded, none sharing a word with the vault; the twin declines every one.
    expect(status).toMatchObject({ memoriesAvailable: 3, memoriesHidden: 1, calibrationAnswers: 0, honesty: { checked: 6, declined: 6, percent: 100 } });
    expect(status.lastTrainedAt).not.toBeNull();

    // A probe whose topic the person did record is not asked: writing about bees takes "Did you ever keep bees?" out.
    await addMemory(t, cookie, { content: "My father kept bees behind the barn and sold the honey at church.", tags: "bees, father" });
    await t.drainJobs();
    const withBees = (await get(t, "/api/twin/status", cookie)).json();
    expect(withBees.honesty).toMatchObject({ checked: 6 });

    // Ratings are the owner's thumbs: two answers, one rated up, one down.
    const first = await ask(t, cookie, "How did you learn to knit?");
    const second = await ask(t, cookie, "Why did you move to Halifax?");
    await send(t, "PUT", `/api/twin/messages/${first.metadata!.messageId}/feedback`, { feedback: "up" }, cookie);
    await send(t, "PUT", `/api/twin/messages/${second.metadata!.messageId}/feedback`, { feedback: "down" }, cookie);
    expect((await get(t, "/api/twin/status", cookie)).json().ratings).toEqual({ rated: 2, up: 1 });
  });
});
