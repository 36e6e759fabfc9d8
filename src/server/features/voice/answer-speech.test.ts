import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api, twinMessages, twinMessagesResponseSchema, visitorTwinResponseSchema, type TwinMessage } from "../../../contract";
import { createTestApp, get, post, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { recordConsent, recordSessions, runDueJobs } from "./test-helpers";

// Issue 47: a support message or an identity answer is Mindprint talking, never the owner's twin, so no twin speaks it
// in the owner's voice, whatever the page offers: the server refuses it where the audio is made, after a reload too.
vi.setConfig({ testTimeout: 180_000 });
const CRISIS = "I don't want to be here anymore. I just want to be with you again.";
const IDENTITY = "Is it really you, Rosa?";
const QUESTION = "What was your grandfather's boat called?";
const MEMORY = "My grandfather's boat was called the Marigold, and he taught me to sail it on the lake.";
const refusal = { code: "twin_message_not_answer", message: twinMessages.notSpoken };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Asks a twin and answers the saved answer's metadata (the stream's `message-metadata` chunk). */
async function askTwin(url: string, text: string, cookie?: string): Promise<{ messageId: string; kind: string }> {
  const response = cookie ? await send(t, "POST", url, { text }, cookie) : await post(t, url, { text });
  expect(response.statusCode, response.body).toBe(200);
  const chunk = response.body
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; messageMetadata?: { messageId: string; kind: string } })
    .find((c) => c.type === "message-metadata");
  expect(chunk?.messageMetadata).toBeDefined();
  return chunk!.messageMetadata!;
}

/** The one stored twin message of each kind, as the conversation comes back from the server (a reload). */
const byKind = (messages: TwinMessage[]) => Object.fromEntries(messages.filter((m) => m.role === "twin").map((m) => [m.kind, m]));

/** An owner named Rosa with a trained voice whose consent reaches contacts, released, with one contact and a memorial. */
async function releasedOwnerWithVoice() {
  const { owner, contacts } = await ownerWithContacts(t, "speech.kind", ["contact"]);
  expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Rosa", legacyPreference: "public" }, owner.cookie)).statusCode).toBe(200);
  await recordConsent(t, owner.cookie, "contacts-after-release");
  await recordSessions(t, owner.cookie, 14);
  expect((await send(t, "POST", "/api/voice/profiles", { name: "My voice" }, owner.cookie)).statusCode).toBe(201);
  await runDueJobs(t);
  const voiceId = (await get(t, "/api/voice/profiles", owner.cookie)).json().profiles[0].voiceId as string;
  expect((await send(t, "POST", "/api/memories", { content: MEMORY, emotion: "Nostalgia", category: "family", visibility: "public" }, owner.cookie)).statusCode).toBe(201);
  const settings = { inactivityMonths: null, deathReports: true, vetoDays: 7, memorialSlug: "speech-kind", memorialIndexing: false };
  expect((await send(t, "PUT", "/api/legacy/release/settings", settings, owner.cookie)).statusCode).toBe(200);
  return { owner, contact: contacts[0]!, voiceId };
}

describe("speech of a stored message that is not the twin's own answer", () => {
  it("is refused with a 409 on the owner's twin, a contact's twin and the memorial's, and a twin answer is still spoken", async () => {
    const { owner, contact, voiceId } = await releasedOwnerWithVoice();

    // The owner's own twin: the conversation keeps each answer's kind, and only a twin answer is spoken or rated.
    for (const text of [CRISIS, IDENTITY, QUESTION]) await askTwin("/api/twin/chat", text, owner.cookie);
    const own = byKind(twinMessagesResponseSchema.parse((await get(t, "/api/twin/messages", owner.cookie)).json()).messages);
    expect(Object.keys(own).sort()).toEqual(["answer", "identity", "support"]);
    const speakOwn = (id: string) => send(t, "POST", `/api/twin/messages/${id}/speech`, { voiceId }, owner.cookie);
    for (const kind of ["support", "identity"]) {
      const refused = await speakOwn(own[kind]!.id);
      expect(refused.statusCode, kind).toBe(409);
      expect(refused.json().error).toEqual(refusal);
      const rated = await send(t, "PUT", `/api/twin/messages/${own[kind]!.id}/feedback`, { feedback: "up" }, owner.cookie);
      expect(rated.statusCode, kind).toBe(409);
      expect(rated.json().error).toEqual({ code: "twin_message_not_answer", message: twinMessages.notRated });
      expect(own[kind]!.sources).toEqual([]);
    }
    const spoken = await speakOwn(own.answer!.id);
    expect(spoken.statusCode, spoken.body).toBe(200);
    expect(spoken.rawPayload.toString("latin1", 0, 4)).toBe("RIFF");
    // A question, someone else's id or no id at all is not an answer of theirs.
    const question = (twinMessagesResponseSchema.parse((await get(t, "/api/twin/messages", owner.cookie)).json()).messages.find((m) => m.role === "user"))!;
    for (const id of [question.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) expect((await speakOwn(id)).statusCode, id).toBe(404);

    // A contact's twin after release: the same, in the owner's voice that their consent lets the contact hear.
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day') ON CONFLICT (user_id) DO UPDATE SET state = 'released', released_at = EXCLUDED.released_at`, [owner.id]);
    const visitorUrl = `/api/legacy/named-me/${contact.contactId}/twin`;
    for (const text of [CRISIS, IDENTITY, QUESTION]) await askTwin(`${visitorUrl}/messages`, text, contact.cookie);
    const theirs = byKind(visitorTwinResponseSchema.parse((await get(t, visitorUrl, contact.cookie)).json()).messages);
    expect(Object.keys(theirs).sort()).toEqual(["answer", "identity", "support"]);
    const speakTheirs = (messageId: string) => send(t, "POST", `${visitorUrl}/speech`, { messageId }, contact.cookie);
    for (const kind of ["support", "identity"]) {
      const refused = await speakTheirs(theirs[kind]!.id);
      expect(refused.statusCode, kind).toBe(409);
      expect(refused.json().error).toEqual(refusal);
    }
    const heard = await speakTheirs(theirs.answer!.id);
    expect(heard.statusCode, heard.body).toBe(200);

    // The memorial's twin keeps nothing, so no message of it can be spoken later: its answers have a kind while they
    // stream, an id no speech endpoint knows, and the memorial has no speech endpoint at all (only the owner's own
    // recordings of public memories play there).
    const memorial = { support: await askTwin("/api/memorial/speech-kind/messages", CRISIS), identity: await askTwin("/api/memorial/speech-kind/messages", IDENTITY) };
    expect([memorial.support.kind, memorial.identity.kind]).toEqual(["support", "identity"]);
    for (const { messageId } of Object.values(memorial)) {
      expect((await speakOwn(messageId)).statusCode).toBe(404);
      expect((await speakTheirs(messageId)).statusCode).toBe(404);
    }
    const memorialAudio = Object.values(api).filter((e) => e.path.startsWith("/api/memorial/") && "produces" in e && String(e.produces).startsWith("audio/"));
    expect(memorialAudio.map((e) => e.path)).toEqual(["/api/memorial/:slug/memories/:memoryId/recording"]);
  });
});
