import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReleaseStatus } from "../../../contract";
import { withUserScope } from "../../db/user-scope";
import type { OutgoingMail } from "../../platform/mail/mailer";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import type { LegacyDeps } from "./deps";
import { deliverOutbox } from "./outbox";
import { advanceRelease, runReleaseScheduler } from "./release";

// Issue 34, "told when it matters" (decision 0033): every step of a release is an e-mail to the people it concerns and
// a line in the history; the mails go through the outbox, so each is sent once even when the scheduler fails, is
// retried, or dies between the change and the send.
const DAY = 86_400_000;
const PLAIN_DATE = /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (offsetMs: number, mailer = t.ctx.mailer): LegacyDeps => ({ db: t.ctx.db, mailer, publicUrl: t.ctx.config.publicUrl, now: () => new Date(Date.now() + offsetMs) });
const report = (c: { cookie: string; contactId: string }, note = "") => send(t, "POST", `/api/legacy/named-me/${c.contactId}/death-report`, { note }, c.cookie);
const confirm = (c: { cookie: string; contactId: string }) => send(t, "POST", `/api/legacy/named-me/${c.contactId}/confirm`, undefined, c.cookie);
const release = async (cookie: string) => (await get(t, "/api/legacy/release", cookie)).json() as ReleaseStatus;
const mailsTo = (to: string, subject?: string | RegExp) =>
  t.mails.filter((m) => m.to === to && (subject === undefined || (typeof subject === "string" ? m.subject.includes(subject) : subject.test(m.subject))));

/** An owner called Rosa (the name she gave), with accepted contacts; e-mails are `{name}@…` and `{name}.c{i}@…`. */
async function rosa(name: string, roles: ("contact" | "executor")[]) {
  const made = await ownerWithContacts(t, name, roles);
  await t.owner.query(`INSERT INTO profiles (user_id, first_name) VALUES ($1, 'Rosa') ON CONFLICT (user_id) DO UPDATE SET first_name = 'Rosa'`, [made.owner.id]);
  return made;
}

/** Why the database refused a statement (drizzle wraps the driver's error). */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
  );

/** Words a grieving family should never read from us. */
function expectGentle(mail: OutgoingMail) {
  expect(mail.text + mail.subject).not.toMatch(/success|✓|✔|congratulations|great news/i);
  expect(mail.text + mail.subject).not.toMatch(/@example\.com/);
}

describe("a death report", () => {
  it("tells the owner and every other contact once, with the end of the waiting period as a plain date, and writes it in the history", async () => {
    const { owner, contacts } = await rosa("grief.report", ["contact", "executor", "contact"]);
    expect((await report(contacts[0]!, "She died on Sunday.")).statusCode).toBe(200);

    expect(mailsTo("grief.report@example.com", "pending")).toHaveLength(1);
    // The one who reported it is not told what they just told us.
    expect(mailsTo("grief.report.c0@example.com", "About Rosa")).toHaveLength(0);
    const [toExecutor] = mailsTo("grief.report.c1@example.com", "About Rosa");
    const [toContact] = mailsTo("grief.report.c2@example.com", "About Rosa");
    for (const mail of [toExecutor!, toContact!]) {
      expectGentle(mail);
      expect(mail.text).toContain("grief.report contact 0 has told us that Rosa has died. We are so sorry.");
      expect(mail.text).toMatch(new RegExp(`waiting period[^.]*\\. It ends on ${PLAIN_DATE.source}\\.`));
    }
    expect(toExecutor!.text).toMatch(/^Dear grief\.report contact 1,/);
    expect(toExecutor!.text).toContain("your confirmation is what the release waits for");
    expect(toExecutor!.text).toContain(`${t.ctx.config.publicUrl}/legacy`);
    expect(toContact!.text).toContain("executor will be asked to confirm it. There is nothing you need to do.");

    // The history every contact sees says when the waiting period ends.
    const history = (await get(t, "/api/legacy/named-me", contacts[2]!.cookie)).json().namedBy[0].history as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(["Death reported", expect.stringMatching(new RegExp(`^Waiting period started, until ${PLAIN_DATE.source}$`))]));

    // The scheduler running again sends nothing new.
    await runReleaseScheduler(at(DAY));
    await runReleaseScheduler(at(DAY));
    expect(mailsTo("grief.report.c1@example.com", "About Rosa")).toHaveLength(1);
    expect(mailsTo("grief.report@example.com", "pending")).toHaveLength(1);

    // The owner cancels: every contact is told, once, that nothing was opened.
    await send(t, "POST", "/api/legacy/release/cancel", undefined, owner.cookie);
    await runReleaseScheduler(at(DAY));
    for (const i of [0, 1, 2]) {
      const stopped = mailsTo(`grief.report.c${i}@example.com`, "Rosa stopped the release");
      expect(stopped).toHaveLength(1);
      expect(stopped[0]!.text).toMatch(new RegExp(`Rosa stopped the release of their legacy on ${PLAIN_DATE.source}\\. Nothing was opened\\.`));
    }
  });

  it("asks for confirmation once when the waiting period is over and nobody has confirmed enough", async () => {
    const { owner, contacts } = await rosa("grief.confirm", ["contact", "contact"]);
    await report(contacts[0]!);
    await runReleaseScheduler(at(8 * DAY));
    await runReleaseScheduler(at(9 * DAY));
    for (const i of [0, 1]) {
      const asked = mailsTo(`grief.confirm.c${i}@example.com`, "waiting for your confirmation");
      expect(asked).toHaveLength(1);
      expectGentle(asked[0]!);
      expect(asked[0]!.text).toContain("confirmation by an executor, or by two contacts");
    }
    const lines = (await release(owner.cookie)).audit.filter((a) => a.action === "Waiting period over: the release waits for confirmation");
    expect(lines).toHaveLength(1);
  });
});

describe("the release", () => {
  it("is told once to every contact and to the owner, across a scheduler that dies between the change and the send, and two senders at once", async () => {
    const { owner, contacts } = await rosa("grief.release", ["executor", "contact"]);
    // Rosa opened a public memorial: the release mail gives its address to pass on.
    await t.owner.query(`INSERT INTO legacy_releases (user_id, memorial_slug) VALUES ($1, 'rosa-grief-release') ON CONFLICT (user_id) DO UPDATE SET memorial_slug = EXCLUDED.memorial_slug`, [owner.id]);
    await report(contacts[1]!);
    await confirm(contacts[0]!);
    const released = (m: OutgoingMail) => m.subject.includes("is open to you") || m.subject === "Your Mindprint legacy was released";
    const before = t.mails.filter(released).length;

    // The "kill": the state change commits, and the process dies before anything is sent.
    await withUserScope(t.ctx.db, owner.id, (tx) => advanceRelease(at(8 * DAY), tx, owner.id, new Date(Date.now() + 8 * DAY)));
    expect((await release(owner.cookie)).state).toBe("released");
    expect(t.mails.filter(released).length).toBe(before);
    const waiting = await t.owner.query(`SELECT count(*)::int AS n FROM legacy_outbox WHERE user_id = $1 AND sent_at IS NULL AND event_key LIKE 'released:%'`, [owner.id]);
    expect(waiting.rows[0].n).toBe(3);

    // The next start sends them; two senders at once and a sender run twice send each mail once.
    await Promise.all([deliverOutbox(at(8 * DAY)), deliverOutbox(at(8 * DAY))]);
    await deliverOutbox(at(8 * DAY));
    await runReleaseScheduler(at(9 * DAY));
    expect(mailsTo("grief.release.c0@example.com", "is open to you")).toHaveLength(1);
    expect(mailsTo("grief.release.c1@example.com", "is open to you")).toHaveLength(1);
    expect(mailsTo("grief.release@example.com", "Your Mindprint legacy was released")).toHaveLength(1);

    // What each can now do, with links straight there; the executor's controls; the name Rosa gave, never an address.
    const [toExecutor] = mailsTo("grief.release.c0@example.com", "is open to you");
    const [toContact] = mailsTo("grief.release.c1@example.com", "is open to you");
    const base = t.ctx.config.publicUrl;
    for (const [mail, c] of [
      [toExecutor!, contacts[0]!],
      [toContact!, contacts[1]!],
    ] as const) {
      expectGentle(mail);
      expect(mail.subject).toBe("What Rosa left you on Mindprint is open to you");
      expect(mail.text).toMatch(new RegExp(`Since ${PLAIN_DATE.source}, it is open to you\\.`));
      expect(mail.text).toContain(`- Read the memories Rosa left for you: ${base}/legacy/${c.contactId}/memories`);
      expect(mail.text).toContain(`- Talk with Rosa's twin, an AI that answers from what they recorded (it is not them): ${base}/legacy/${c.contactId}/twin`);
      expect(mail.text).toContain(`- Share Rosa's public memorial with anyone who knew them; it needs no account: ${base}/memorial/rosa-grief-release`);
      // No voice consent reaching contacts: the voice is not promised.
      expect(mail.text).not.toContain("Hear the twin's answers");
    }
    expect(toExecutor!.text).toContain("Download the memories as a file");
    expect(toExecutor!.text).toContain("pause it (with a message visitors see), resume it, retire it for good");
    expect(toContact!.text).not.toContain("Download");
    expect(toContact!.text).not.toContain("executor");
    const [toOwner] = mailsTo("grief.release@example.com", "Your Mindprint legacy was released");
    expect(toOwner!.text).toContain(`${base}/login`);
    expect(toOwner!.text).toContain('"Undo the release"');
  });

  it("is sent once when the mail server fails and the scheduler is retried", async () => {
    const { owner, contacts } = await rosa("grief.retry", ["executor"]);
    await report(contacts[0]!);
    await confirm(contacts[0]!);
    let refusals = 0;
    const refusing = { kind: "smtp" as const, send: async () => void (refusals++, (() => { throw new Error("421 try again later"); })()) };
    const first = await runReleaseScheduler(at(8 * DAY, refusing));
    expect(first.failed).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
    expect((await release(owner.cookie)).state).toBe("released");
    expect(mailsTo("grief.retry.c0@example.com", "is open to you")).toHaveLength(0);
    const row = await t.owner.query(`SELECT attempts, last_error FROM legacy_outbox WHERE user_id = $1 AND recipient = 'grief.retry.c0@example.com' AND event_key LIKE 'released:%'`, [owner.id]);
    expect(row.rows[0]).toMatchObject({ attempts: 1, last_error: expect.stringContaining("421") });
    await runReleaseScheduler(at(8 * DAY + 3_600_000));
    await runReleaseScheduler(at(8 * DAY + 7_200_000));
    expect(mailsTo("grief.retry.c0@example.com", "is open to you")).toHaveLength(1);
    expect(mailsTo("grief.retry@example.com", "Your Mindprint legacy was released")).toHaveLength(1);
  });
});

describe("the owner's dashboard after a release", () => {
  it("has what the banner shows, and the owner undoes a release by mistake (the contacts are told); a retired one cannot be", async () => {
    const { owner, contacts } = await rosa("grief.undo", ["executor"]);
    const pending = await (async () => (await report(contacts[0]!), release(owner.cookie)))();
    expect(pending).toMatchObject({ state: "pending", pending: { reason: "death_report" } });
    await confirm(contacts[0]!);
    await runReleaseScheduler(at(8 * DAY));
    const released = await release(owner.cookie);
    expect(released).toMatchObject({ state: "released", pending: null });
    expect(released.releasedAt).not.toBeNull();

    const undone = await send(t, "POST", "/api/legacy/release/cancel", undefined, owner.cookie);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ state: "active", releasedAt: null, pending: null });
    expect((undone.json() as ReleaseStatus).audit.find((a) => a.action === "Release undone by the owner")).toMatchObject({ actor: "owner", fromState: "released", toState: "active" });
    expect((await get(t, "/api/legacy/named-me", contacts[0]!.cookie)).json().namedBy[0].state).toBe("active");
    expect((await get(t, `/api/legacy/named-me/${contacts[0]!.contactId}/memories`, contacts[0]!.cookie)).statusCode).toBe(409);
    const told = mailsTo("grief.undo.c0@example.com", "Rosa stopped the release");
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("undid the release of their legacy. What they left is closed again");

    // Released again, then retired by the executor: final, the owner's button no longer undoes it.
    await report(contacts[0]!);
    await confirm(contacts[0]!);
    await runReleaseScheduler(at(8 * DAY));
    expect((await send(t, "POST", `/api/legacy/named-me/${contacts[0]!.contactId}/retire`, { confirm: true }, contacts[0]!.cookie)).statusCode).toBe(200);
    expect((await send(t, "POST", "/api/legacy/release/cancel", undefined, owner.cookie)).statusCode).toBe(409);
  });
});

describe("the executor's controls", () => {
  it("tell every contact once when the twin is paused (with the executor's words), resumed and retired (with the last reading day)", async () => {
    const { owner, contacts } = await rosa("grief.controls", ["executor", "contact"]);
    await report(contacts[1]!);
    await confirm(contacts[0]!);
    await runReleaseScheduler(at(8 * DAY));
    const exec = contacts[0]!;
    await send(t, "POST", `/api/legacy/named-me/${exec.contactId}/pause`, { message: "Back after the funeral." }, exec.cookie);
    await send(t, "POST", `/api/legacy/named-me/${exec.contactId}/resume`, {}, exec.cookie);
    const retire = await send(t, "POST", `/api/legacy/named-me/${exec.contactId}/retire`, { confirm: true }, exec.cookie);
    expect(retire.statusCode).toBe(200);
    await runReleaseScheduler(at(9 * DAY));
    await runReleaseScheduler(at(9 * DAY));
    const to = "grief.controls.c1@example.com";
    const paused = mailsTo(to, "Rosa's twin is paused");
    const resumed = mailsTo(to, "Rosa's twin answers again");
    const retired = mailsTo(to, "Rosa's twin was retired");
    expect([paused.length, resumed.length, retired.length]).toEqual([1, 1, 1]);
    expect(mailsTo("grief.controls.c0@example.com", "Rosa's twin was retired")).toHaveLength(1);
    for (const mail of [...paused, ...resumed, ...retired]) expectGentle(mail);
    // The executor's own words arrive as a quoted block under whose they are (SECURITY.md 48).
    expect(paused[0]!.text).toContain("grief.controls contact 0 wrote:\n> Back after the funeral.");
    expect(retired[0]!.text).toMatch(new RegExp(`can still be read until ${PLAIN_DATE.source}`));
    expect((await release(owner.cookie)).state).toBe("retired");
  });
});

describe("the outbox itself", () => {
  it("is the owner's alone: another account reads none of it, and the app can neither rewrite nor remove a mail", async () => {
    const { owner, contacts } = await rosa("grief.rls", ["executor"]);
    await report(contacts[0]!);
    const stranger = await newUser(t, "grief.stranger@example.com");
    const seen = await withUserScope(t.ctx.db, stranger.id, (tx) => tx.execute(sql`SELECT count(*)::int AS n FROM legacy_outbox`));
    expect(seen.rows[0]).toEqual({ n: 0 });
    const own = await withUserScope(t.ctx.db, owner.id, (tx) => tx.execute(sql`SELECT count(*)::int AS n FROM legacy_outbox`));
    expect(Number((own.rows[0] as { n: number }).n)).toBeGreaterThan(0);
    expect(await refusal(withUserScope(t.ctx.db, owner.id, (tx) => tx.execute(sql`UPDATE legacy_outbox SET body = 'changed'`)))).toMatch(/permission denied/);
    expect(await refusal(withUserScope(t.ctx.db, owner.id, (tx) => tx.execute(sql`DELETE FROM legacy_outbox`)))).toMatch(/permission denied/);
    // Nor can it add a mail that claims to be sent already.
    expect(
      await refusal(
        withUserScope(t.ctx.db, owner.id, (tx) => tx.execute(sql`INSERT INTO legacy_outbox (user_id, event_key, recipient, subject, body, sent_at) VALUES (${owner.id}, 'x', 'x@example.com', 's', 'b', now())`)),
      ),
    ).toMatch(/row-level security/);
  });

  it("forgets a sent mail's words 30 days after it was sent by the database's clock, and keeps the row, so the event is never sent again; younger and unsent mail keep their words", async () => {
    const { owner, contacts } = await rosa("grief.forget", ["executor", "contact"]);
    await report(contacts[0]!);
    await runReleaseScheduler(at(0));
    const rows = () =>
      t.owner.query<{ event_key: string; recipient: string; subject: string; body: string; sent: boolean }>(
        `SELECT event_key, recipient, subject, body, sent_at IS NOT NULL AS sent FROM legacy_outbox WHERE user_id = $1 ORDER BY event_key, recipient`,
        [owner.id],
      );
    const sent = (await rows()).rows;
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((r) => r.sent && r.body.length > 0)).toBe(true);
    // The app's clock cannot make a mail old: the scheduler a year ahead forgets nothing sent minutes ago.
    await runReleaseScheduler(at(365 * DAY));
    expect((await rows()).rows.filter((r) => sent.some((s) => s.event_key === r.event_key && s.recipient === r.recipient)).every((r) => r.body.length > 0)).toBe(true);
    // One of them sent 31 days ago, another 29 days ago (the database's own time), and one never sent.
    const [old, young] = sent;
    const backdate = (r: typeof old, days: number) =>
      t.owner.query(`UPDATE legacy_outbox SET sent_at = now() - make_interval(days => $4) WHERE user_id = $1 AND event_key = $2 AND recipient = $3`, [owner.id, r!.event_key, r!.recipient, days]);
    await backdate(old, 31);
    await backdate(young, 29);
    await withUserScope(t.ctx.db, owner.id, (tx) =>
      tx.execute(sql`INSERT INTO legacy_outbox (user_id, event_key, recipient, subject, body) VALUES (${owner.id}, 'unsent:test', 'grief.forget.c1@example.com', 'Still to send', 'Words')`),
    );
    const refusing = { kind: "smtp" as const, send: async () => Promise.reject(new Error("421 try again later")) };
    await runReleaseScheduler(at(0, refusing));
    const after = (await rows()).rows;
    const find = (r: { event_key: string; recipient: string }) => after.find((a) => a.event_key === r.event_key && a.recipient === r.recipient);
    expect(find(old!)).toMatchObject({ subject: "", body: "", sent: true });
    expect(find(young!)!.body.length).toBeGreaterThan(0);
    expect(find({ event_key: "unsent:test", recipient: "grief.forget.c1@example.com" })).toMatchObject({ subject: "Still to send", body: "Words", sent: false });
    // The forgotten row stays sent: the next sender sends only what is still unsent, never a forgotten mail again.
    const unsent = after.filter((r) => !r.sent).length;
    const before = t.mails.length;
    await deliverOutbox(at(0), owner.id);
    expect(t.mails.length - before).toBe(unsent);
    expect(t.mails.slice(before).every((m) => m.subject !== "")).toBe(true);

    // Retention (issue 40): a row sent more than a year ago (the database's clock) is deleted; younger rows stay.
    await backdate(old, 366);
    await runReleaseScheduler(at(0));
    const kept = (await rows()).rows;
    expect(kept.find((r) => r.event_key === old!.event_key && r.recipient === old!.recipient)).toBeUndefined();
    expect(kept.find((r) => r.event_key === young!.event_key && r.recipient === young!.recipient)).toBeDefined();
  });
});
