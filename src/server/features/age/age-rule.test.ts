import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ageMessages } from "../../../contract";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";

// Issue 33 / decision 0029, and issue 40 finding 3 (SECURITY.md 46): an account whose age is not on record (from before
// the check, or made through a door that skipped it), under 13, or waiting for a guardian can do nothing but state it
// (and download or delete what is theirs); every other route answers 403 with what to do. Nobody reads or states
// another person's age.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An account made before the check: signed up as usual, then its age row removed as if it never had one. */
async function olderAccount(email: string) {
  const person = await newUser(t, email);
  await t.owner.query(`DELETE FROM age_checks WHERE user_id = $1`, [person.id]);
  // This process remembers a checked session for a few seconds; an operator's change shows at once in a test.
  t.ctx.sessions.forgetUser(person.id);
  return person;
}

/** A person using the service: each of these is refused to an unsettled age. */
const uses = (cookie: string) => [
  chat(cookie),
  scenario(cookie),
  send(t, "POST", "/api/memories", { content: "I planted the pear tree by the gate.", emotion: "Joy" }, cookie),
  send(t, "POST", "/api/legacy/contacts", { email: "someone.named@example.com", name: "Sam", relationship: "friend", role: "contact" }, cookie),
  get(t, "/api/memories", cookie),
  get(t, "/api/personality", cookie),
  get(t, "/api/voice/sessions", cookie),
  get(t, "/api/legacy/named-me", cookie),
];
const chat = (cookie: string) => send(t, "POST", "/api/twin/chat", { text: "What did I do last summer?" }, cookie);
const scenario = (cookie: string) => send(t, "POST", "/api/twin/scenario", { scenario: "I found a wallet full of cash in a taxi. What would you do?" }, cookie);

describe("an owner with no age on record", () => {
  it("can do nothing but state it (and download what is theirs), once, and then uses everything as before", async () => {
    const owner = await olderAccount("older.owner@example.com");
    expect((await get(t, "/api/legacy/age", owner.cookie)).json()).toEqual({ status: "unknown", birthDate: null });
    for (const refused of await Promise.all(uses(owner.cookie))) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({ code: "age_unstated", message: ageMessages.ageRequiredForService });
    }
    // What is theirs by right stays open: the download of their data.
    expect((await get(t, "/api/export/summary", owner.cookie)).statusCode).toBe(200);
    // Nothing was started: no conversation row was written.
    expect(Number((await t.owner.query(`SELECT count(*) AS n FROM twin_conversations WHERE user_id = $1`, [owner.id])).rows[0].n)).toBe(0);
    expect(Number((await t.owner.query(`SELECT count(*) AS n FROM memories WHERE user_id = $1`, [owner.id])).rows[0].n)).toBe(0);

    const stated = await send(t, "POST", "/api/legacy/age", { birthDate: "1970-04-02" }, owner.cookie);
    expect(stated.json()).toEqual({ status: "adult", birthDate: "1970-04-02" });
    for (const used of await Promise.all(uses(owner.cookie))) expect(used.statusCode, used.body).toBeLessThan(300);
    // Once only: a second statement is refused; support corrects.
    const again = await send(t, "POST", "/api/legacy/age", { birthDate: "2000-01-01" }, owner.cookie);
    expect(again.json().error).toEqual({ code: "age_already_stated", message: ageMessages.ageAlreadyStated });
  });

  it("is held everywhere while a guardian has not agreed, when they state 13–17; under 13 is refused everywhere", async () => {
    const teen = await olderAccount("older.teen.owner@example.com");
    const fifteen = `${new Date().getUTCFullYear() - 15}-01-01`;
    const stated = await send(t, "POST", "/api/legacy/age", { birthDate: fifteen, guardianEmail: "older.parent@example.com" }, teen.cookie);
    expect(stated.json().status).toBe("minor-awaiting-guardian");
    for (const refused of await Promise.all(uses(teen.cookie))) {
      expect(refused.json().error).toEqual({ code: "guardian_consent_pending", message: ageMessages.awaitingGuardianForService });
    }

    const child = await olderAccount("older.child.owner@example.com");
    await send(t, "POST", "/api/legacy/age", { birthDate: `${new Date().getUTCFullYear() - 10}-01-01` }, child.cookie);
    for (const refused of await Promise.all(uses(child.cookie))) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({ code: "age_not_permitted", message: ageMessages.underMinimumAccount });
    }
    // Stated once: not self-correctable.
    expect((await send(t, "POST", "/api/legacy/age", { birthDate: "1990-01-01" }, child.cookie)).statusCode).toBe(409);
  });

  it("an owner with an age on record talks as before, and one person's answer never reaches another", async () => {
    const adult = await newUser(t, "recorded.owner@example.com");
    expect((await chat(adult.cookie)).statusCode).toBe(200);
    const other = await olderAccount("other.older.owner@example.com");
    // The other person sees only their own (unknown) record, and stating theirs changes nothing of the first one's.
    expect((await get(t, "/api/legacy/age", other.cookie)).json()).toEqual({ status: "unknown", birthDate: null });
    await send(t, "POST", "/api/legacy/age", { birthDate: "1999-09-09" }, other.cookie);
    const rows = (await t.owner.query(`SELECT user_id, birth_date::text AS b FROM age_checks WHERE user_id = ANY($1) ORDER BY b`, [[adult.id, other.id]])).rows;
    expect(rows).toEqual([
      { user_id: adult.id, b: "1980-05-17" },
      { user_id: other.id, b: "1999-09-09" },
    ]);
    // Under the feature role, each person's scope reads only their own row.
    const { withUserScope } = await import("../../db/user-scope");
    const { ageChecks } = await import("../../db/schema");
    const seen = await withUserScope(t.ctx.db, other.id, (tx) => tx.select({ userId: ageChecks.userId }).from(ageChecks));
    expect(seen).toEqual([{ userId: other.id }]);
  });
});
