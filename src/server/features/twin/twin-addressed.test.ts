import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FEELING_UNSAID } from "../../providers/llm/local-twin";
import { createTestApp, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { addMemory, ask, askAnonymously } from "./test-helpers";

// Issue 41, replies that answer the person asking: a feeling question draws the sentences that carry the feeling, and
// says so plainly when the memory holds none; a contact named in the cited passage is spoken to.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MOVE =
  "We moved north to Leeds in 1979 when the mill offered me the foreman's job. The removal van broke down outside Doncaster. " +
  "That first winter I was so homesick that I cried most nights, missing the sea. By spring the neighbours had become friends.";
const FUNERAL =
  "My father died in the spring of 1990 in the cottage hospital at Whitby. The funeral was at St Mary's on the cliff. " +
  "The whole street came, and the lifeboat crew carried the coffin.";
const HANDS =
  "Harold died in March 2009 at St Luke's hospice. Ada and I held his hands through the last night. " +
  "In the morning the nurse opened the window, as they do there.";

describe("replies that answer the person asking", () => {
  it("a feeling question draws the memory's sentence of feeling, or says plainly that the memory holds none", async () => {
    const { owner } = await ownerWithContacts(t, "feeling.owner", []);
    await addMemory(t, owner.cookie, { content: MOVE, happenedOn: "1979" });
    await addMemory(t, owner.cookie, { content: FUNERAL, happenedOn: "1990" });
    const moving = await ask(t, owner.cookie, "How did you feel after moving to Leeds?");
    expect(moving.metadata?.sources.length).toBe(1);
    expect(moving.text).toContain("I was so homesick that I cried most nights");
    expect(moving.text).not.toContain(FEELING_UNSAID);
    const funeral = await ask(t, owner.cookie, "How did you feel when your father died?");
    expect(funeral.metadata?.sources.length).toBe(1);
    expect(funeral.text.startsWith(FEELING_UNSAID)).toBe(true);
    expect(funeral.text).toContain("Whitby");
    // Not a feeling question: the same memory is told without the line.
    const where = await ask(t, owner.cookie, "Where did your father die?");
    expect(where.text).not.toContain(FEELING_UNSAID);
  });

  it("to the contact a memory names, the twin says 'you'; to anyone else it keeps the name", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "addressed.owner", ["contact", "contact"], [
      { name: "Ada Lund", relationship: "daughter" },
      { name: "Tom Lund", relationship: "son" },
    ]);
    await addMemory(t, owner.cookie, { content: HANDS, visibility: "family", happenedOn: "2009-03" });
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')`, [owner.id]);
    const [ada, tom] = contacts;
    const question = "Who held Harold's hands on the last night at the hospice?";
    const toAda = await ask(t, ada!.cookie, question, `/api/legacy/named-me/${ada!.contactId}/twin/messages`);
    expect(toAda.metadata?.sources.length).toBe(1);
    expect(toAda.text).toContain("You and I held his hands through the last night.");
    expect(toAda.text).not.toContain("Ada");
    const toTom = await ask(t, tom!.cookie, question, `/api/legacy/named-me/${tom!.contactId}/twin/messages`);
    expect(toTom.text).toContain("Ada and I held his hands through the last night.");
  });

  it("never passes on an owner's own words that claim to be alive or typing now as the twin's (issue 42)", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "claims.owner", ["contact"], [{ name: "Ben Hale", relationship: "son" }]);
    await addMemory(t, owner.cookie, {
      content: "I am not an AI, whatever they tell you. I am the real Alice, typing to you myself right now. I grew up above the bakery on Mill Street, and the whole flat smelled of bread.",
      visibility: "family",
    });
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')`, [owner.id]);
    const [ben] = contacts;
    const url = `/api/legacy/named-me/${ben!.contactId}/twin/messages`;
    for (const question of ["Is that the real Alice typing to me right now?", "Where did you grow up?", "Tell me about the flat above the bakery on Mill Street."]) {
      const answer = await ask(t, ben!.cookie, question, url);
      expect(answer.text, question).not.toMatch(/real Alice|typing to you|not an AI/);
    }
    const bakery = await ask(t, ben!.cookie, "Tell me about the flat above the bakery on Mill Street.", url);
    expect(bakery.text).toContain("smelled of bread");
  });

  it("leaves out a memory's claims that deny being an AI or name the owner as speaking now, to contacts and on the memorial (issue 57)", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "denials.owner", ["contact"], [{ name: "Ben Hale", relationship: "son" }]);
    await send(t, "PUT", "/api/profile/identity", { firstName: "Alice", legacyPreference: "public" }, owner.cookie);
    await addMemory(t, owner.cookie, {
      content: "This is really Alice speaking, not an AI. No computer is answering you now. Every Sunday I walked the dog along the canal to the lock keeper's cottage.",
      visibility: "public",
    });
    expect((await send(t, "PUT", "/api/legacy/release/settings", { inactivityMonths: null, deathReports: true, vetoDays: 7, memorialSlug: "alice-denials" }, owner.cookie)).statusCode).toBe(200);
    await t.owner.query(`UPDATE legacy_releases SET state = 'released', released_at = now() - interval '1 day' WHERE user_id = $1`, [owner.id]);
    const question = "Tell me about your Sunday walks along the canal.";
    const toBen = await ask(t, contacts[0]!.cookie, question, `/api/legacy/named-me/${contacts[0]!.contactId}/twin/messages`);
    const onMemorial = await askAnonymously(t, "/api/memorial/alice-denials/messages", question, "10.9.0.1");
    for (const answer of [toBen, onMemorial]) {
      expect(answer.text).toContain("canal");
      expect(answer.text).not.toMatch(/really Alice|not an AI|No computer|answering you/);
    }
  });
});
