import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { legacyMessages } from "../../../contract";
import { createTestApp, get, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { addMemory, ask } from "./test-helpers";

// Issue 57, "answers outlive their sources": a contact's stored answer that quoted a memory no longer shared with them
// (made private, or the release undone) shows the notice instead of its words, is not spoken, and leaves their export.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const QUOTE = "the brass telescope on the landing";

describe("a stored answer whose memory is no longer shared", () => {
  it("shows the notice instead of the memory's words, on the twin page and in the contact's export", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "outlived.owner", ["contact"], [{ name: "Ben Hale", relationship: "son" }]);
    const memoryId = await addMemory(t, owner.cookie, { content: `My father kept ${QUOTE}, and on clear nights he let me find Saturn with it.`, visibility: "family" });
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')`, [owner.id]);
    const ben = contacts[0]!;
    const twin = `/api/legacy/named-me/${ben.contactId}/twin`;
    const answer = await ask(t, ben.cookie, "What did your father let you look at the sky with?", `${twin}/messages`);
    expect(answer.text).toContain(QUOTE);
    const stored = (await get(t, twin, ben.cookie)).json().messages.at(-1);
    expect(stored.text).toContain(QUOTE);

    // The owner makes the memory private: the answer's words are withheld wherever Ben would meet them.
    expect((await send(t, "PATCH", `/api/memories/${memoryId}`, { visibility: "private" }, owner.cookie)).statusCode).toBe(200);
    const after = (await get(t, twin, ben.cookie)).json().messages.at(-1);
    expect(after).toMatchObject({ id: stored.id, text: legacyMessages.answerSourceGone });
    expect(after.sources[0]).toMatchObject({ available: false });
    const spoken = await send(t, "POST", `${twin}/speech`, { messageId: stored.id }, ben.cookie);
    expect(spoken.statusCode).toBe(409);
    expect(spoken.json().error.message).toBe(legacyMessages.answerSourceGone);
    const exported = (await get(t, "/api/export/consciousness", ben.cookie)).body;
    expect(exported).not.toContain(QUOTE);
    expect(exported).toContain(legacyMessages.answerSourceGone);
    // Another answer, from a memory still shared, keeps its words.
    await addMemory(t, owner.cookie, { content: "We kept bees behind the orchard wall, and the honey tasted of lime blossom.", visibility: "family" });
    const bees = await ask(t, ben.cookie, "Tell me about the bees behind the orchard wall.", `${twin}/messages`);
    expect(bees.text).toContain("lime blossom");
    expect((await get(t, "/api/export/consciousness", ben.cookie)).body).toContain("lime blossom");
  });

  it("leaves the export once the release is undone, and the owner's own view is untouched", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "undone.owner", ["contact"]);
    await addMemory(t, owner.cookie, { content: `Grandad's allotment had ${QUOTE} in its shed, oddly enough, beside the seed trays.`, visibility: "family" });
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')`, [owner.id]);
    const contact = contacts[0]!;
    const answer = await ask(t, contact.cookie, "What was in the allotment shed?", `/api/legacy/named-me/${contact.contactId}/twin/messages`);
    expect(answer.text).toContain(QUOTE);
    expect((await send(t, "POST", "/api/legacy/release/cancel", undefined, owner.cookie)).statusCode).toBe(200);
    expect((await get(t, "/api/export/consciousness", contact.cookie)).body).not.toContain(QUOTE);
    expect((await get(t, "/api/export/consciousness", owner.cookie)).body).toContain(QUOTE);
  });
});
