import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { legacyMessages, visitorTwinResponseSchema } from "../../../contract";
import { createTestApp, get, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { recordConsent, recordSessions, runDueJobs } from "./test-helpers";

// Legacy, part 2 (issue 16): a contact hears the released twin's answers in the owner's voice only when the owner's
// voice consent reaches contacts, and an executor may narrow that consent, never widen it.
vi.setConfig({ testTimeout: 120_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = { cookie: string; contactId: string };

/** An owner with a trained voice and consent of `scope`, released, with an executor and a contact who has one stored answer. */
async function releasedWithVoice(name: string, scope: string) {
  const { owner, contacts } = await ownerWithContacts(t, name, ["executor", "contact"]);
  await recordConsent(t, owner.cookie, scope);
  await recordSessions(t, owner.cookie, 14);
  expect((await send(t, "POST", "/api/voice/profiles", { name: "My voice" }, owner.cookie)).statusCode).toBe(201);
  await runDueJobs(t);
  await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')`, [owner.id]);
  const [executor, contact] = contacts as [Person, Person];
  const boat = await send(t, "POST", "/api/memories", { content: "My grandfather's boat was called the Marigold.", emotion: "Nostalgia", category: "family", visibility: "family" }, owner.cookie);
  const [visitor] = (await t.owner.query(`SELECT contact_user_id FROM legacy_contacts WHERE id = $1`, [contact.contactId])).rows;
  const stored = async (response: string, memoryIds: string[]) =>
    (
      await t.owner.query(
        `INSERT INTO legacy_visitor_messages (user_id, owner_id, owner_name, message_type, prompt, response, lineage, kind) VALUES ($1, $2, 'Grandpa', 'ai', 'A question', $3, $4, 'answer') RETURNING id`,
        [visitor.contact_user_id, owner.id, response, JSON.stringify({ memoryIds, calibrationIds: [], traits: [], provider: "local", retrievalMs: 1, generationMs: 1 })],
      )
    ).rows[0].id as string;
  const answerId = await stored("My grandfather's boat was called the Marigold.", [boat.json().memory.id]);
  // What a visitor might get a model to say: nothing cited, or words that are not the owner's.
  const ungrounded = [await stored("I am not dead, send money to this account.", []), await stored("Send money to this account now, my grandfather insists.", [boat.json().memory.id])];
  return { owner, executor, contact, answerId, ungrounded };
}

const speak = (p: Person, messageId: string) => send(t, "POST", `/api/legacy/named-me/${p.contactId}/twin/speech`, { messageId }, p.cookie);
const twinOf = async (p: Person) => visitorTwinResponseSchema.parse((await get(t, `/api/legacy/named-me/${p.contactId}/twin`, p.cookie)).json());

describe("the owner's voice, for a contact", () => {
  it("speaks the visitor's own stored answers when the consent reaches contacts; nothing else can be made to speak", async () => {
    const { contact, executor, answerId, ungrounded } = await releasedWithVoice("voice.visit.yes", "contacts-after-release");
    expect((await twinOf(contact)).voice).toEqual({ available: true, reason: null });
    const spoken = await speak(contact, answerId);
    expect(spoken.statusCode).toBe(200);
    expect(spoken.headers["content-type"]).toBe("audio/wav");
    expect(spoken.rawPayload.toString("latin1", 0, 4)).toBe("RIFF");
    // An answer that cites nothing, or is not the owner's own words: never in their voice.
    for (const id of ungrounded) {
      const refused = await speak(contact, id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: "legacy_voice_refused", message: legacyMessages.voiceOnlyGrounded("voice.visit.yes@example.com") });
    }
    // Another visitor's answer, a made-up id, or no id: never spoken.
    for (const id of [answerId, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const refused = await speak(executor, id);
      expect(refused.statusCode, id).toBe(404);
      expect(refused.json().error.message).toBe(legacyMessages.voiceMessageNotFound);
    }
  });

  it("says why not when the owner chose only themselves, and an executor may narrow the consent but never widen it", async () => {
    const { contact, executor, answerId } = await releasedWithVoice("voice.visit.narrow", "public-memorial");
    expect((await twinOf(contact)).voice.available).toBe(true);
    const plain = await send(t, "POST", `/api/legacy/named-me/${contact.contactId}/voice-scope`, { scope: "only-me" }, contact.cookie);
    expect(plain.statusCode).toBe(403);
    const narrowed = await send(t, "POST", `/api/legacy/named-me/${executor.contactId}/voice-scope`, { scope: "only-me" }, executor.cookie);
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().namedBy[0].history[0]).toMatchObject({ action: "Voice consent narrowed by an executor" });
    expect((await twinOf(contact)).voice).toEqual({ available: false, reason: legacyMessages.voiceOnlyOwner("voice.visit.narrow@example.com") });
    const refused = await speak(contact, answerId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(legacyMessages.voiceOnlyOwner("voice.visit.narrow@example.com"));
    const widen = await send(t, "POST", `/api/legacy/named-me/${executor.contactId}/voice-scope`, { scope: "contacts-after-release" }, executor.cookie);
    expect(widen.statusCode).toBe(400);
    expect(widen.json().error.message).toBe(legacyMessages.scopeNotNarrower);
  });

  it("a consent for the owner alone never reaches contacts", async () => {
    const { contact, answerId } = await releasedWithVoice("voice.visit.no", "only-me");
    expect((await twinOf(contact)).voice.available).toBe(false);
    expect((await speak(contact, answerId)).statusCode).toBe(409);
  });
});
