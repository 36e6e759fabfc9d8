import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ageMessages } from "../../../contract";
import { ageChecks } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { ADULT_BIRTH_DATE, cookieHeader, createTestApp, get, newUser, ORIGIN, post, send, signIn, tokenFromMail, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import { isKnownMinor } from ".";
import { runAgeAdmin } from "./admin-command";

// Issue 33, Age: sign-up asks a date of birth once; under 13 nothing is kept; 13–17 wait for a guardian's e-mailed
// consent with no account; contacts are asked before their first talk with a twin; known minors never reach a public
// memorial's chat; nobody reads another person's answer or changes their own.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
let ip = 0;
async function linkFor(email: string): Promise<string> {
  const sent = t.mails.length;
  expect((await post(t, "/api/session/magic-link", { email }, {}, `10.33.0.${++ip}`)).statusCode).toBe(200);
  return tokenFromMail(t.mails[sent]!);
}
const confirm = (body: Record<string, string>) => post(t, "/api/session/magic-link/confirm", body);
const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({ method: "POST", url, payload: new URLSearchParams(fields).toString(), headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" } });
const count = async (query: string, params: unknown[] = []) => Number((await t.owner.query(query, params)).rows[0].n);
const guardianToken = (to: string) => {
  const mail = [...t.mails].reverse().find((m) => m.to === to)!;
  return new URLSearchParams(mail.text.match(/\/age\/guardian\?(\S+)/)![1]).get("token")!;
};

describe("signing up", () => {
  it("asks a new address for a date of birth before spending the link, and an adult signs up as before", async () => {
    const token = await linkFor("new.adult@example.com");
    const page = await get(t, `/login/confirm?token=${token}&next=%2F`);
    expect(page.body).toContain("Create your account");
    expect(page.body).toContain(`<label for="birthDate">${ageMessages.birthDateLabel}</label>`);
    const asked = await confirm({ token });
    expect(asked.statusCode).toBe(422);
    expect(asked.json().error).toEqual({ code: "age_required", message: ageMessages.birthDateRequired });
    expect(await count(`SELECT count(*) AS n FROM "user" WHERE email = 'new.adult@example.com'`)).toBe(0);

    const done = await confirm({ token, birthDate: yearsAgo(18) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ next: "/" });
    const cookie = cookieHeader(done);
    expect((await get(t, "/api/legacy/age", cookie)).json()).toEqual({ status: "adult", birthDate: yearsAgo(18) });
    // An existing account is never asked again (a second link within the minute needs the address's limit reset).
    await t.owner.query(`DELETE FROM rate_limits WHERE key LIKE 'magic-link:email:%'`);
    const again = await linkFor("new.adult@example.com");
    expect((await get(t, `/login/confirm?token=${again}`)).body).not.toContain("birthDate");
    expect((await confirm({ token: again })).statusCode).toBe(200);
  });

  it("refuses under 13 and keeps nothing: no account, no session, no pending request, the link gone", async () => {
    const token = await linkFor("too.young@example.com");
    const refused = await confirm({ token, birthDate: yearsAgo(13, -1) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: "age_not_permitted", message: ageMessages.underMinimum });
    expect(refused.headers["set-cookie"]).toBeUndefined();
    expect(await count(`SELECT count(*) AS n FROM "user" WHERE email = 'too.young@example.com'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM verification WHERE value LIKE '%too.young@example.com%'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM age_guardian_requests`)).toBe(0);
    expect((await confirm({ token, birthDate: ADULT_BIRTH_DATE })).json().error.code).toBe("link_invalid");

    // The same through the page that works without scripts.
    const other = await linkFor("too.young.form@example.com");
    const page = await form("/login/confirm", { token: other, next: "/", birthDate: yearsAgo(9) });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain("Mindprint is only for people aged 13 and over");
    expect(await count(`SELECT count(*) AS n FROM "user" WHERE email = 'too.young.form@example.com'`)).toBe(0);
  });

  it("keeps 13–17 pending, with no account and nothing readable, until the guardian confirms by the e-mailed link", async () => {
    const email = "teen.signup@example.com";
    const token = await linkFor(email);
    const birthDate = yearsAgo(15);
    const needsGuardian = await confirm({ token, birthDate });
    expect(needsGuardian.statusCode).toBe(422);
    expect(needsGuardian.json().error).toEqual({ code: "guardian_required", message: ageMessages.guardianEmailRequired });
    expect((await confirm({ token, birthDate, guardianEmail: email })).json().error.message).toBe(ageMessages.guardianEmailInvalid);

    const pending = await confirm({ token, birthDate, guardianEmail: "Parent.Of.Teen@example.com" });
    expect(pending.json()).toEqual({ next: "/", guardianPending: true });
    expect(pending.json()).toEqual({ next: "/", guardianPending: true });
    expect(pending.headers["set-cookie"]).toBeUndefined();
    expect(await count(`SELECT count(*) AS n FROM "user" WHERE email = $1`, [email])).toBe(0);
    const stored = (await t.owner.query(`SELECT token_hash, user_id, sealed FROM age_guardian_requests`)).rows;
    expect(stored).toHaveLength(1);
    expect(stored[0].user_id).toBeNull();
    for (const secret of [email, birthDate, "parent.of.teen"]) expect(JSON.stringify(stored[0])).not.toContain(secret);
    // The sign-in link was spent on the request.
    expect((await confirm({ token, birthDate: ADULT_BIRTH_DATE })).json().error.code).toBe("link_invalid");

    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe("parent.of.teen@example.com");
    expect(mail.text).toContain(`${email} asked to create a Mindprint account`);
    const consent = guardianToken("parent.of.teen@example.com");
    const opened = await get(t, `/age/guardian?token=${consent}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain("I agree");
    expect(await count(`SELECT count(*) AS n FROM "user" WHERE email = $1`, [email])).toBe(0);

    const agreed = await form("/age/guardian", { token: consent });
    expect(agreed.statusCode).toBe(200);
    expect(agreed.body).toContain(ageMessages.guardianConfirmed);
    const [row] = (await t.owner.query(`SELECT a.birth_date::text AS birth_date, a.guardian_email, a.guardian_confirmed_at FROM age_checks a JOIN "user" u ON u.id = a.user_id WHERE u.email = $1`, [email])).rows;
    expect(row).toMatchObject({ birth_date: birthDate, guardian_email: "parent.of.teen@example.com" });
    expect(row.guardian_confirmed_at).not.toBeNull();
    expect(await count(`SELECT count(*) AS n FROM age_guardian_requests`)).toBe(0);
    expect(t.mails.at(-1)).toMatchObject({ to: email, subject: "Your Mindprint account is ready" });
    expect((await form("/age/guardian", { token: consent })).body).toContain("This consent link has expired or has already been used.");

    // The account exists: the young person signs in as anyone does (their first link was less than a minute ago).
    await t.owner.query(`DELETE FROM rate_limits WHERE key LIKE 'magic-link:email:%'`);
    const cookie = await signIn(t, email);
    expect((await get(t, "/api/legacy/age", cookie)).json()).toEqual({ status: "minor-consented", birthDate });
  });

  it("refuses a made-up guardian link", async () => {
    expect((await form("/age/guardian", { token: "x".repeat(43) })).statusCode).toBe(400);
    expect((await get(t, "/age/guardian?token=short")).statusCode).toBe(400);
  });
});

/** An adult owner with one accepted contact, the legacy released and a public memorial open. */
async function releasedLegacy(name: string) {
  const { owner, contacts } = await ownerWithContacts(t, name, ["contact"]);
  await send(t, "PUT", "/api/profile/identity", { firstName: "Rosa", legacyPreference: "public" }, owner.cookie);
  await send(t, "POST", "/api/memories", { content: "I sang in the harbour choir every Thursday for thirty years.", emotion: "joy", visibility: "public" }, owner.cookie);
  const slug = `age-${name.replace(/[^a-z0-9]/g, "")}`;
  expect((await send(t, "PUT", "/api/legacy/release/settings", { inactivityMonths: null, deathReports: true, vetoDays: 7, memorialSlug: slug, memorialIndexing: false }, owner.cookie)).statusCode).toBe(200);
  await t.owner.query(`UPDATE legacy_releases SET state = 'released', released_at = now() - interval '10 days' WHERE user_id = $1`, [owner.id]);
  return { owner, contact: contacts[0]!, slug };
}
const ask = (url: string, text: string, cookie?: string) =>
  t.app.inject({ method: "POST", url, payload: { text }, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, remoteAddress: `10.34.0.${++ip}` });

describe("talking with a twin", () => {
  it("asks a contact whose age is unknown before their first question, once, and lets an adult through", async () => {
    const { contact } = await releasedLegacy("age.contact");
    // An account older than the check: no age on record.
    const contactId = (await get(t, "/api/session", contact.cookie)).json().user.id;
    await t.owner.query(`DELETE FROM age_checks WHERE user_id = $1`, [contactId]);
    t.ctx.sessions.forgetUser(contactId);
    expect((await get(t, "/api/legacy/age", contact.cookie)).json()).toEqual({ status: "unknown", birthDate: null });
    const url = `/api/legacy/named-me/${contact.contactId}/twin/messages`;
    const asked = await ask(url, "Did you sing?", contact.cookie);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error).toEqual({ code: "age_unstated", message: ageMessages.ageRequiredForService });

    const stated = await send(t, "POST", "/api/legacy/age", { birthDate: ADULT_BIRTH_DATE }, contact.cookie);
    expect(stated.json()).toEqual({ status: "adult", birthDate: ADULT_BIRTH_DATE });
    const answered = await ask(url, "Did you sing?", contact.cookie);
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain("text-delta");
    // Once: a second answer is support's to make.
    const changed = await send(t, "POST", "/api/legacy/age", { birthDate: yearsAgo(30) }, contact.cookie);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe(ageMessages.ageAlreadyStated);
  });

  it("holds a 13–17 contact until their guardian agrees, and keeps a known minor from the public memorial's chat", async () => {
    const { contact, slug } = await releasedLegacy("age.teen.contact");
    const contactId = (await get(t, "/api/session", contact.cookie)).json().user.id;
    await t.owner.query(`DELETE FROM age_checks WHERE user_id = $1`, [contactId]);
    t.ctx.sessions.forgetUser(contactId);
    const url = `/api/legacy/named-me/${contact.contactId}/twin/messages`;
    const stated = await send(t, "POST", "/api/legacy/age", { birthDate: yearsAgo(16), guardianEmail: "guardian.of.contact@example.com" }, contact.cookie);
    expect(stated.json().status).toBe("minor-awaiting-guardian");
    const waiting = await ask(url, "Did you sing?", contact.cookie);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json().error).toEqual({ code: "guardian_consent_pending", message: ageMessages.awaitingGuardianForService });

    const agreed = await form("/age/guardian", { token: guardianToken("guardian.of.contact@example.com") });
    expect(agreed.body).toContain(ageMessages.guardianConfirmedExisting);
    t.ctx.sessions.forgetUser(contactId);
    expect((await ask(url, "Did you sing?", contact.cookie)).statusCode).toBe(200);

    // The public memorial: a known minor is refused with a clear message; an adult and an anonymous visitor are not.
    const memorial = `/api/memorial/${slug}/messages`;
    const refused = await ask(memorial, "Did you sing?", contact.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: "age_not_permitted", message: ageMessages.memorialMinor });
    const adult = await newUser(t, "memorial.adult@example.com");
    expect((await ask(memorial, "Did you sing?", adult.cookie)).statusCode).toBe(200);
    expect((await ask(memorial, "Did you sing?")).statusCode).toBe(200);
  });
});

describe("whose answer is whose", () => {
  it("nobody reads another person's age or pending consents, and nobody changes their own", async () => {
    const alice = await newUser(t, "age.alice@example.com");
    const bob = await newUser(t, "age.bob@example.com");
    const now = new Date();
    const seen = await withUserScope(t.ctx.db, alice.id, (tx) => tx.select().from(ageChecks).where(eq(ageChecks.userId, bob.id)));
    expect(seen).toEqual([]);
    expect(await withUserScope(t.ctx.db, alice.id, (tx) => isKnownMinor(tx, alice.id, now))).toBe(false);
    await expect(withUserScope(t.ctx.db, alice.id, (tx) => tx.execute(sql`SELECT count(*) FROM age_guardian_requests`))).rejects.toThrow();
    await expect(withUserScope(t.ctx.db, alice.id, (tx) => tx.update(ageChecks).set({ birthDate: "2012-01-01" }).where(eq(ageChecks.userId, alice.id)))).rejects.toThrow();
    await expect(withUserScope(t.ctx.db, alice.id, (tx) => tx.insert(ageChecks).values({ userId: bob.id, birthDate: "2012-01-01" }))).rejects.toThrow();
    expect((await get(t, "/api/legacy/age", alice.cookie)).json()).toEqual({ status: "adult", birthDate: ADULT_BIRTH_DATE });
    expect((await get(t, "/api/legacy/age")).statusCode).toBe(401);
  });
});

describe("support's correction", () => {
  it("shows and corrects a person's age through the operator command, marked as support's", async () => {
    const person = await newUser(t, "age.corrected@example.com");
    const lines: string[] = [];
    const deps = { db: t.ctx.authDb, out: (line: string) => void lines.push(line), now: new Date() };
    expect(await runAgeAdmin(deps, ["age.corrected@example.com"])).toBe(0);
    expect(lines.at(-1)).toContain(`born ${ADULT_BIRTH_DATE} (adult), stated by self`);
    const teen = yearsAgo(16);
    expect(await runAgeAdmin(deps, ["age.corrected@example.com", "--birth-date", teen, "--note", "ticket 12", "--guardian", "mum@example.com", "--consent", "yes"])).toBe(0);
    expect(lines.at(-1)).toContain(`born ${teen} (minor-consented), stated by support`);
    expect(lines.at(-1)).toContain("guardian mum@example.com, agreed");
    expect((await get(t, "/api/legacy/age", person.cookie)).json()).toEqual({ status: "minor-consented", birthDate: teen });
    expect(await runAgeAdmin(deps, ["age.corrected@example.com", "--birth-date", teen])).toBe(2);
    expect(await runAgeAdmin(deps, ["nobody.here@example.com"])).toBe(1);
    // The feature role cannot call support's function.
    await expect(withUserScope(t.ctx.db, person.id, (tx) => tx.execute(sql`SELECT age_support_correction(${person.id}, '1970-01-01'::date, NULL, false, 'me')`))).rejects.toThrow();
  });
});
