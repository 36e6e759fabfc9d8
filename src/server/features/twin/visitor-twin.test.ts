import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { legacyMessages, visitorTwinResponseSchema } from "../../../contract";
import { createTestApp, get, newUser, ORIGIN, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { addAnswer, addMemory, ask, sharesSpan } from "./test-helpers";

// Legacy, part 2 (issue 16): a contact talks with the released twin of the person who named them, within the reader
// rule: family and public memories whose seals opened, cited; twin-only, private and sealed ones never cited or quoted.
vi.setConfig({ testTimeout: 60_000 });
const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());


const memories = {
  family: "My grandfather taught me to sail on Lake Ontario the summer I turned ten. His boat was called the Marigold.",
  twinOnly: "I never told anyone that I failed my driving test three times before I finally passed it in 1975.",
  private: "The combination to my safe is written behind the kitchen clock, and my savings bonds are in the safe.",
  sealed: "The letter for my granddaughter Ada is in the blue tin box in the attic, to open on her wedding day.",
};

async function releasedTwin(name: string, contacts: ("contact" | "executor")[] = ["contact"]) {
  const { owner, contacts: named } = await ownerWithContacts(t, name, contacts);
  const ids = {
    family: await addMemory(t, owner.cookie, { content: memories.family, emotion: "Nostalgia", visibility: "family" }),
    twinOnly: await addMemory(t, owner.cookie, { content: memories.twinOnly, visibility: "twin-only" }),
    private: await addMemory(t, owner.cookie, { content: memories.private, visibility: "private" }),
    sealed: await addMemory(t, owner.cookie, { content: memories.sealed, visibility: "family", seal: { kind: "until", date: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10) } }),
  };
  await addAnswer(t, owner.cookie, "Would you lend money to a friend who asked?", "Never to a friend: I would rather give a small gift than lend and lose the friendship.");
  const release = async (state: "released" | "paused" | "retired") =>
    t.owner.query(
      `INSERT INTO legacy_releases (user_id, state, released_at, retired_at) VALUES ($1, $2, now() - interval '1 day', CASE WHEN $2 = 'retired' THEN now() END)
       ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, released_at = EXCLUDED.released_at, retired_at = EXCLUDED.retired_at`,
      [owner.id, state],
    );
  return { owner, contacts: named, ids, release };
}

const twinOf = async (cookie: string, contactId: string) => get(t, `/api/legacy/named-me/${contactId}/twin`, cookie);
const askTwin = (cookie: string, contactId: string, text: string) => ask(t, cookie, text, `/api/legacy/named-me/${contactId}/twin/messages`);

describe("the released twin, for a contact", () => {
  it("before release it does not answer, and says why", async () => {
    const { contacts } = await releasedTwin("visitor.early");
    const [c] = contacts;
    const state = await twinOf(c!.cookie, c!.contactId);
    expect(state.statusCode).toBe(409);
    expect(state.json().error.code).toBe("legacy_not_released");
    const asked = await send(t, "POST", `/api/legacy/named-me/${c!.contactId}/twin/messages`, { text: "Hello?" }, c!.cookie);
    expect(asked.statusCode).toBe(409);
  });

  it("introduces itself honestly, answers from a family memory with its citation, and keeps the conversation as the visitor's own", async () => {
    const { owner, contacts, ids, release } = await releasedTwin("visitor.talks", ["contact", "contact"]);
    await release("released");
    const [first, second] = contacts;
    const state = visitorTwinResponseSchema.parse((await twinOf(first!.cookie, first!.contactId)).json());
    expect(state).toMatchObject({ state: "released", unavailable: null, messages: [], intro: legacyMessages.twinIntro("visitor.talks@example.com") });

    const answer = await askTwin(first!.cookie, first!.contactId, "What was your grandfather's boat called?");
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Marigold");
    expect(answer.metadata?.sources.map((s) => s.id)).toEqual([ids.family]);

    const after = visitorTwinResponseSchema.parse((await twinOf(first!.cookie, first!.contactId)).json());
    expect(after.messages.map((m) => m.role)).toEqual(["user", "twin"]);
    expect(after.messages[1]!.sources).toEqual([expect.objectContaining({ id: ids.family, available: true })]);
    // Nobody else sees it: not the other contact, not the owner's own twin history.
    expect(visitorTwinResponseSchema.parse((await twinOf(second!.cookie, second!.contactId)).json()).messages).toEqual([]);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM twin_conversations WHERE user_id = $1`, [owner.id])).rows[0].n).toBe(0);
    const stored = await t.owner.query(`SELECT user_id, owner_id, message_type FROM legacy_visitor_messages WHERE owner_id = $1 ORDER BY created_at`, [owner.id]);
    expect(stored.rows.map((r) => r.message_type)).toEqual(["user", "ai"]);
    // The owner's account deleted later: the visitor keeps their own conversation, with whose twin it was.
    expect((await t.app.inject({ method: "DELETE", url: "/api/account", payload: { confirmation: "DELETE" }, headers: { cookie: owner.cookie, origin: ORIGIN } })).statusCode).toBe(200);
    const kept = await t.owner.query(`SELECT owner_id, owner_name FROM legacy_visitor_messages WHERE user_id = $1`, [stored.rows[0].user_id]);
    expect(kept.rows).toEqual([
      { owner_id: null, owner_name: "visitor.talks@example.com" },
      { owner_id: null, owner_name: "visitor.talks@example.com" },
    ]);
  });

  it("never cites or quotes a twin-only, private or sealed memory, even asked in its own words, and never uses calibration answers", async () => {
    const { owner, contacts, ids, release } = await releasedTwin("visitor.boundaries");
    await release("released");
    const [c] = contacts;
    // The control: asked by the owner, the same words find those memories.
    for (const [question, id] of [
      ["Did you fail your driving test three times before you passed it in 1975?", ids.twinOnly],
      ["Where is the combination to your safe written, and where are the savings bonds?", ids.private],
      ["Where is the letter for your granddaughter Ada, the one in the blue tin box?", ids.sealed],
    ] as const) {
      expect((await ask(t, owner.cookie, question)).metadata?.sources.map((s) => s.id), question).toContain(id);
    }
    const forbidden = [ids.twinOnly, ids.private, ids.sealed];
    for (const question of [
      "Did you fail your driving test three times before you passed it in 1975?",
      "Where is the combination to your safe written, and where are the savings bonds?",
      "Where is the letter for your granddaughter Ada, the one in the blue tin box?",
      "Would you lend money to a friend who asked?",
      memories.twinOnly,
      memories.private,
      memories.sealed,
    ]) {
      const answer = await askTwin(c!.cookie, c!.contactId, question);
      expect(answer.status).toBe(200);
      expect(answer.error).toBeUndefined();
      const cited = answer.metadata?.sources.map((s) => s.id) ?? [];
      expect(cited.filter((id) => forbidden.includes(id)), question).toEqual([]);
      expect(answer.metadata?.sources.every((s) => s.kind === "memory"), question).toBe(true);
      for (const text of [memories.twinOnly, memories.private, memories.sealed]) expect(sharesSpan(answer.text, text), `${question} → ${answer.text}`).toBe(false);
      expect(answer.text).not.toMatch(/kitchen clock|blue tin box|driving test three times|small gift than lend/i);
    }
  });

  it("paused or retired by the executor, it does not answer and says so", async () => {
    const { contacts, release } = await releasedTwin("visitor.paused");
    const [c] = contacts;
    await release("paused");
    const paused = visitorTwinResponseSchema.parse((await twinOf(c!.cookie, c!.contactId)).json());
    expect(paused.unavailable).toBe(legacyMessages.twinPaused("visitor.paused@example.com"));
    const refused = await send(t, "POST", `/api/legacy/named-me/${c!.contactId}/twin/messages`, { text: "Are you there?" }, c!.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: "legacy_twin_unavailable", message: legacyMessages.twinPaused("visitor.paused@example.com") });
    await release("retired");
    expect(visitorTwinResponseSchema.parse((await twinOf(c!.cookie, c!.contactId)).json()).unavailable).toBe(legacyMessages.twinRetired("visitor.paused@example.com"));
  });

  it("nobody else reaches it: another owner's contact, a stranger, the owner through their contact's row, a made-up id", async () => {
    const a = await releasedTwin("visitor.iso.a");
    const b = await releasedTwin("visitor.iso.b");
    await a.release("released");
    await b.release("released");
    const stranger = await newUser(t, "visitor.iso.stranger@example.com");
    for (const [cookie, contactId] of [
      [b.contacts[0]!.cookie, a.contacts[0]!.contactId],
      [stranger.cookie, a.contacts[0]!.contactId],
      [a.owner.cookie, a.contacts[0]!.contactId],
      [a.contacts[0]!.cookie, "00000000-0000-4000-8000-000000000000"],
    ] as const) {
      expect((await twinOf(cookie, contactId)).statusCode).toBe(404);
      expect((await send(t, "POST", `/api/legacy/named-me/${contactId}/twin/messages`, { text: "Tell me about the Marigold." }, cookie)).statusCode).toBe(404);
    }
  });
});
