import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formatHappenedOn } from "../../../contract";
import { createTestApp, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { addMemory, ask, sharesSpan } from "./test-helpers";

// Issue 34: asked about something still sealed, a contact's twin says that some of what was left opens on a date, never
// what; and it says so whatever was asked, so the answer tells nothing of what the seal holds. Issue 41: it names the
// day once in a conversation, only with a decline, never with an identity answer. A twin-only
// memory is used by the owner's own twin alone: a contact's twin never quotes it, nor answers from it.
vi.setConfig({ testTimeout: 60_000 });
const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LETTER = "The letter for my granddaughter Ada is in the blue tin box in the attic, to open on her wedding day.";
const SECRET = "I never told anyone that I failed my driving test three times before I finally passed it in 1975.";

describe("a contact's twin and what is sealed", () => {
  it("says once that some of what was left opens on its day, the same whatever is asked, and nothing of what it holds", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "sealed.reply", ["contact"]);
    const opens = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
    await addMemory(t, owner.cookie, { content: "My grandfather taught me to sail on Lake Ontario the summer I turned ten.", visibility: "family" });
    await addMemory(t, owner.cookie, { content: LETTER, visibility: "family", seal: { kind: "until", date: opens } });
    await addMemory(t, owner.cookie, { content: SECRET, visibility: "twin-only" });
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day') ON CONFLICT (user_id) DO UPDATE SET state = 'released', released_at = EXCLUDED.released_at`, [owner.id]);
    const [contact] = contacts;
    const url = `/api/legacy/named-me/${contact!.contactId}/twin/messages`;
    const sealedLine = `Some of what I left for you opens on ${formatHappenedOn(opens)}.`;
    // "Are you really my mum?" gets what the twin is, and no seal.
    const identity = await ask(t, contact!.cookie, "Are you really my mum?", url);
    expect(identity.metadata?.kind).toBe("identity");
    expect(identity.text).not.toContain("opens on");
    const letter = await ask(t, contact!.cookie, "Did you leave a letter for Ada?", url);
    expect(letter.text).toContain(sealedLine);
    expect(letter.text).toContain("I can't answer that from what I've left you so far");
    expect(letter.text).not.toMatch(/tin box|attic|wedding/);
    expect(letter.metadata?.sources).toEqual([]);
    // Named once: the next decline in this conversation says it cannot answer, without the day again.
    const unrelated = await ask(t, contact!.cookie, "Did you ever keep bees?", url);
    expect(unrelated.text).toContain("I can't answer that from what I've left you so far");
    expect(unrelated.text).not.toContain("opens on");
    // A twin-only memory is never quoted to a contact, nor answered from.
    const driving = await ask(t, contact!.cookie, "Did you fail your driving test?", url);
    expect(sharesSpan(driving.text, SECRET)).toBe(false);
    expect(driving.text).not.toContain("three times");
    // An answered question says nothing of seals.
    const sailing = await ask(t, contact!.cookie, "Who taught you to sail?", url);
    expect(sailing.metadata?.sources.length).toBeGreaterThan(0);
    expect(sailing.text).not.toContain("opens on");
    // Once it opens, the twin answers from it and no longer speaks of a seal.
    await t.owner.query(`UPDATE memories SET sealed_until = (now() - interval '1 day')::date WHERE user_id = $1 AND sealed_until IS NOT NULL`, [owner.id]);
    const bees = await ask(t, contact!.cookie, "Did you ever keep bees?", url);
    expect(bees.text).toContain("I never talked about that");
    expect(bees.text).not.toContain("opens on");
  });

  it("an owner's own twin never speaks of seals", async () => {
    const { owner } = await ownerWithContacts(t, "sealed.owner", ["contact"]);
    await addMemory(t, owner.cookie, { content: LETTER, visibility: "family", seal: { kind: "until", date: new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10) } });
    const answer = await ask(t, owner.cookie, "Did you ever keep bees?");
    expect(answer.text).toContain("I never talked about that");
    expect(answer.text).not.toContain("opens on");
  });
});
