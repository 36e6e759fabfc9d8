import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ageMessages } from "../../../contract";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";

// Issue 33 / decision 0029: an owner whose age is not on record (an account from before the check) is asked once,
// before their next use of their own twin; nobody reads or states another person's age.
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
  return person;
}
const chat = (cookie: string) => send(t, "POST", "/api/twin/chat", { text: "What did I do last summer?" }, cookie);
const scenario = (cookie: string) => send(t, "POST", "/api/twin/scenario", { scenario: "I found a wallet full of cash in a taxi. What would you do?" }, cookie);

describe("an owner with no age on record", () => {
  it("is asked before talking with their own twin (chat and Laboratory), once, and then talks as before", async () => {
    const owner = await olderAccount("older.owner@example.com");
    expect((await get(t, "/api/legacy/age", owner.cookie)).json()).toEqual({ status: "unknown", birthDate: null });
    for (const refused of [await chat(owner.cookie), await scenario(owner.cookie)]) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toEqual({ code: "age_required", message: ageMessages.ageRequiredForOwnTwin });
    }
    // Nothing was started: no conversation row was written.
    expect(Number((await t.owner.query(`SELECT count(*) AS n FROM twin_conversations WHERE user_id = $1`, [owner.id])).rows[0].n)).toBe(0);

    const stated = await send(t, "POST", "/api/legacy/age", { birthDate: "1970-04-02" }, owner.cookie);
    expect(stated.json()).toEqual({ status: "adult", birthDate: "1970-04-02" });
    expect((await chat(owner.cookie)).statusCode).toBe(200);
    expect((await scenario(owner.cookie)).statusCode).toBe(200);
    // Once only: a second statement is refused; support corrects.
    const again = await send(t, "POST", "/api/legacy/age", { birthDate: "2000-01-01" }, owner.cookie);
    expect(again.json().error).toEqual({ code: "age_already_stated", message: ageMessages.ageAlreadyStated });
  });

  it("is held, while a guardian has not agreed, when they state 13–17; under 13 is refused", async () => {
    const teen = await olderAccount("older.teen.owner@example.com");
    const fifteen = `${new Date().getUTCFullYear() - 15}-01-01`;
    const stated = await send(t, "POST", "/api/legacy/age", { birthDate: fifteen, guardianEmail: "older.parent@example.com" }, teen.cookie);
    expect(stated.json().status).toBe("minor-awaiting-guardian");
    expect((await chat(teen.cookie)).json().error).toEqual({ code: "guardian_consent_pending", message: ageMessages.awaitingGuardian });

    const child = await olderAccount("older.child.owner@example.com");
    await send(t, "POST", "/api/legacy/age", { birthDate: `${new Date().getUTCFullYear() - 10}-01-01` }, child.cookie);
    expect((await chat(child.cookie)).json().error).toEqual({ code: "age_not_permitted", message: ageMessages.minorNotPermitted });
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
