import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { eraseAccount } from "../account";
import type { LegacyDeps } from "./deps";
import { plainDate } from "./family-mail";
import { runReleaseScheduler } from "./release";

// Legacy, part 2 (issue 16): after an executor retires the twin, the contacts may read for the months the owner chose;
// they are reminded 30 and 7 days before that ends, and then everything the owner kept is erased. The contacts' own
// conversations with the twin stay theirs.
const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (when: Date): LegacyDeps => ({ db: t.ctx.db, mailer: t.ctx.mailer, publicUrl: t.ctx.config.publicUrl, now: () => when });
const schedule = (when: Date) => runReleaseScheduler(at(when), { erase: (ownerId) => eraseAccount(t.ctx, ownerId), log: (_id, error) => console.error(error) });
const count = async (query: string, params: unknown[]) => Number((await t.owner.query(query, params)).rows[0].n);

describe("a retired legacy's reading period", () => {
  it("reminds every contact 30 and 7 days before it ends (each once), then erases the owner's data and keeps the visitors' conversations", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "erased.owner", ["executor", "contact"]);
    const [executor, contact] = contacts;
    await send(t, "POST", "/api/memories", { content: "Our walks along the canal on Sunday mornings.", emotion: "Love", category: "family", visibility: "family" }, owner.cookie);
    await send(t, "PUT", "/api/legacy/release/settings", { inactivityMonths: null, deathReports: true, vetoDays: 7, retentionMonths: 3 }, owner.cookie);
    const retiredAt = new Date(Date.now() - 40 * DAY);
    await t.owner.query(`UPDATE legacy_releases SET state = 'retired', released_at = $2::timestamptz - interval '20 days', retired_at = $2 WHERE user_id = $1`, [owner.id, retiredAt]);
    // The owner's last sign-in was before the release (as it is for someone who died).
    await t.owner.query(`UPDATE user_activity SET last_sign_in_at = $2::timestamptz - interval '90 days' WHERE user_id = $1`, [owner.id, retiredAt]);
    // A conversation a contact had with the twin before it was retired.
    const contactUser = (await t.owner.query(`SELECT contact_user_id FROM legacy_contacts WHERE id = $1`, [contact!.contactId])).rows[0].contact_user_id;
    await t.owner.query(`INSERT INTO legacy_visitor_messages (user_id, owner_id, owner_name, message_type, prompt) VALUES ($1, $2, 'erased.owner', 'user', 'Do you remember the canal?')`, [
      contactUser,
      owner.id,
    ]);
    const endsAt = new Date(retiredAt);
    endsAt.setUTCMonth(endsAt.getUTCMonth() + 3); // three calendar months later
    const remindersTo = () => t.mails.filter((m) => m.subject.includes("can be read until"));
    // The mails name the owner as they named themselves, never by their address.
    await t.owner.query(`INSERT INTO profiles (user_id, first_name) VALUES ($1, 'Marta') ON CONFLICT (user_id) DO UPDATE SET first_name = 'Marta'`, [owner.id]);

    await schedule(new Date(endsAt.getTime() - 31 * DAY));
    expect(remindersTo()).toHaveLength(0);
    await schedule(new Date(endsAt.getTime() - 29 * DAY));
    await schedule(new Date(endsAt.getTime() - 28 * DAY));
    expect(remindersTo().map((m) => m.to).sort()).toEqual(["erased.owner.c0@example.com", "erased.owner.c1@example.com"]);
    const [toExecutor] = remindersTo().filter((m) => m.to === "erased.owner.c0@example.com");
    expect(toExecutor!.subject).toBe(`What Marta left you can be read until ${plainDate(endsAt)}`);
    expect(plainDate(endsAt)).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(toExecutor!.text).toContain(`${t.ctx.config.publicUrl}/legacy/${executor!.contactId}/memories`);
    expect(toExecutor!.text).toContain("download the memories as a file");
    // The owner's own address is told too, in case they are alive: signing in keeps the account.
    expect(t.mails.filter((m) => m.to === "erased.owner@example.com" && m.subject.startsWith("Your Mindprint account will be erased on"))).toHaveLength(1);

    await schedule(new Date(endsAt.getTime() - 6 * DAY));
    await schedule(new Date(endsAt.getTime() - 5 * DAY));
    expect(remindersTo()).toHaveLength(4);
    // Still readable until the end.
    expect((await get(t, `/api/legacy/named-me/${contact!.contactId}/memories`, contact!.cookie)).statusCode).toBe(200);

    const result = await schedule(new Date(endsAt.getTime() + 60_000));
    expect(result.erased).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM "user" WHERE id = $1`, [owner.id])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM memories WHERE user_id = $1`, [owner.id])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM legacy_contacts WHERE user_id = $1`, [owner.id])).toBe(0);
    // The contact keeps their own words, under the name they knew.
    const kept = (await t.owner.query(`SELECT owner_id, owner_name FROM legacy_visitor_messages WHERE user_id = $1`, [contactUser])).rows;
    expect(kept).toEqual([{ owner_id: null, owner_name: "erased.owner" }]);
    // The contact's page no longer lists them; the old link is unknown.
    expect((await get(t, "/api/legacy/named-me", contact!.cookie)).json().namedBy).toEqual([]);
    expect((await get(t, `/api/legacy/named-me/${contact!.contactId}/memories`, contact!.cookie)).statusCode).toBe(404);
    expect(remindersTo()).toHaveLength(4);
  });

  it("an owner who signed in after the release is not erased: the scheduler reports it for an operator instead", async () => {
    const { owner } = await ownerWithContacts(t, "alive.owner", ["executor"]);
    await t.owner.query(`UPDATE legacy_releases SET state = 'retired', released_at = now() - interval '3 years', retired_at = now() - interval '2 years' WHERE user_id = $1`, [owner.id]);
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at, retired_at) VALUES ($1, 'retired', now() - interval '3 years', now() - interval '2 years') ON CONFLICT (user_id) DO NOTHING`, [
      owner.id,
    ]);
    // newUser signed in just now, long after the release.
    const failures: unknown[] = [];
    const result = await runReleaseScheduler(at(new Date()), { erase: (ownerId) => eraseAccount(t.ctx, ownerId), log: (_id, error) => failures.push(error) });
    expect(result.erased).toBe(0);
    expect(String(failures[0])).toContain("signed in after its release");
    expect(await count(`SELECT count(*) AS n FROM "user" WHERE id = $1`, [owner.id])).toBe(1);
  });

  it("a released or paused twin is never erased, however long ago it was released", async () => {
    const { owner } = await ownerWithContacts(t, "kept.owner", ["executor"]);
    await t.owner.query(`UPDATE legacy_releases SET state = 'paused', released_at = now() - interval '10 years' WHERE user_id = $1`, [owner.id]);
    await t.owner.query(`INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'paused', now() - interval '10 years') ON CONFLICT (user_id) DO NOTHING`, [owner.id]);
    await schedule(new Date(Date.now() + 3650 * DAY));
    expect(await count(`SELECT count(*) AS n FROM "user" WHERE id = $1`, [owner.id])).toBe(1);
  });
});
