import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legacyMessages, type ReleaseStatus } from "../../../contract";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import type { LegacyDeps } from "./deps";
import { runReleaseScheduler } from "./release";

// Release (issue 15): triggers, the veto window, confirmations, cancellation, reminders and the audit log. The
// scheduler runs with an injected clock, so time moves in the test and nothing waits.
const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (offsetMs: number): LegacyDeps => ({ db: t.ctx.db, mailer: t.ctx.mailer, publicUrl: t.ctx.config.publicUrl, now: () => new Date(Date.now() + offsetMs) });
const release = async (cookie: string) => (await get(t, "/api/legacy/release", cookie)).json() as ReleaseStatus;
const settings = (cookie: string, body: Record<string, unknown>) => send(t, "PUT", "/api/legacy/release/settings", body, cookie);

const ownerWith = (name: string, roles: ("contact" | "executor")[]) => ownerWithContacts(t, name, roles);
const report = (c: { cookie: string; contactId: string }, note = "") => send(t, "POST", `/api/legacy/named-me/${c.contactId}/death-report`, { note }, c.cookie);
const confirm = (c: { cookie: string; contactId: string }) => send(t, "POST", `/api/legacy/named-me/${c.contactId}/confirm`, undefined, c.cookie);

describe("release settings", () => {
  it("starts with no inactivity trigger, death reports on and a 7-day waiting period, and validates changes", async () => {
    const { cookie } = await newUser(t, "settings.owner@example.com");
    expect(await release(cookie)).toMatchObject({ state: "active", settings: { inactivityMonths: null, deathReports: true, vetoDays: 7 }, pending: null, inactivityDeadline: null });
    for (const [body, message] of [
      [{ inactivityMonths: 5, deathReports: true, vetoDays: 7 }, legacyMessages.inactivityInvalid],
      [{ inactivityMonths: null, deathReports: true, vetoDays: 0 }, legacyMessages.vetoDaysInvalid],
      [{ inactivityMonths: null, deathReports: true, vetoDays: 31 }, legacyMessages.vetoDaysInvalid],
    ] as const) {
      const answer = await settings(cookie, body);
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json().error)).toContain(message);
    }
    const saved = (await settings(cookie, { inactivityMonths: 6, deathReports: false, vetoDays: 14 })).json() as ReleaseStatus;
    expect(saved.settings).toEqual({ inactivityMonths: 6, deathReports: false, vetoDays: 14, retentionMonths: 12, introduction: null, memorialSlug: null, memorialIndexing: false, recordingsAudience: "only-me", memorialIntroduction: null });
    expect(Date.parse(saved.inactivityDeadline!) - Date.now()).toBeGreaterThan(179 * DAY);
    expect(saved.audit[0]).toMatchObject({ actor: "owner", action: "Release settings changed", note: "inactivity 6 months, death reports off, waiting period 14 days, readable 12 months after retirement, no public memorial, recordings heard by only-me" });
  });
});

describe("a death report", () => {
  it("makes the release pending, tells the owner at once, and the owner cancels it with one click", async () => {
    const { owner, contacts } = await ownerWith("reported", ["contact"]);
    const answer = await report(contacts[0]!, "I am so sorry to write this.");
    expect(answer.statusCode).toBe(200);
    expect(answer.json().namedBy[0]).toMatchObject({ state: "pending", confirmedByMe: false });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe("reported@example.com");
    expect(mail.text).toContain("has reported your death");
    expect(mail.text).toContain("Cancel release");
    const pending = await release(owner.cookie);
    expect(pending).toMatchObject({ state: "pending", pending: { reason: "death_report" } });
    expect(pending.pending!.waitingFor).toHaveLength(2);
    expect(pending.audit[1]).toMatchObject({ actor: "contact: reported contact 0", action: "Death reported", fromState: "active", toState: "pending", note: "I am so sorry to write this." });
    expect(pending.audit[0]).toMatchObject({ actor: "system", action: expect.stringMatching(/^Waiting period started, until [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/) });
    // Reported twice: refused, nothing changes.
    expect((await report(contacts[0]!)).json().error.message).toBe(legacyMessages.cannotReport);

    const cancelled = await send(t, "POST", "/api/legacy/release/cancel", undefined, owner.cookie);
    expect(cancelled.json()).toMatchObject({ state: "active", pending: null });
    expect(cancelled.json().audit[0]).toMatchObject({ actor: "owner", action: "Cancelled by the owner", fromState: "pending", toState: "active" });
    const again = await send(t, "POST", "/api/legacy/release/cancel", undefined, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(legacyMessages.notPending);
  });

  it("is refused when the owner turned death reports off", async () => {
    const { owner, contacts } = await ownerWith("noreports", ["executor"]);
    await settings(owner.cookie, { inactivityMonths: null, deathReports: false, vetoDays: 7 });
    const answer = await report(contacts[0]!);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(legacyMessages.deathReportsOff);
    expect((await release(owner.cookie)).state).toBe("active");
  });
});

describe("from pending to released", () => {
  it("waits for the veto window and an executor's confirmation, whichever comes last", async () => {
    const { owner, contacts } = await ownerWith("executed", ["contact", "executor"]);
    await report(contacts[0]!);
    expect((await confirm(contacts[1]!)).json().namedBy[0]).toMatchObject({ state: "pending", confirmedByMe: true });
    expect((await confirm(contacts[1]!)).json().error.message).toBe(legacyMessages.alreadyConfirmed);
    await runReleaseScheduler(at(6 * DAY));
    expect((await release(owner.cookie)).state).toBe("pending");
    await runReleaseScheduler(at(8 * DAY));
    const released = await release(owner.cookie);
    expect(released.state).toBe("released");
    expect(released.releasedAt).not.toBeNull();
    expect(released.audit.map((a) => a.action).slice(0, 4)).toEqual([
      "Released after the waiting period and confirmation",
      "Release confirmed",
      expect.stringMatching(/^Waiting period started, until /),
      "Death reported",
    ]);
    expect((await get(t, "/api/legacy/named-me", contacts[0]!.cookie)).json().namedBy[0].state).toBe("released");
  });

  it("needs two contacts without an executor (the reporter's own confirmation is one of them)", async () => {
    const two = await ownerWith("twocontacts", ["contact", "contact"]);
    await report(two.contacts[0]!);
    await confirm(two.contacts[0]!);
    await runReleaseScheduler(at(8 * DAY));
    const waiting = await release(two.owner.cookie);
    expect(waiting.state).toBe("pending");
    // Read at the real time, the waiting period is still running too.
    expect(waiting.pending!.waitingFor).toEqual([expect.stringMatching(/^the waiting period, until /), "confirmation by someone other than the person who reported it"]);
    await confirm(two.contacts[1]!);
    await runReleaseScheduler(at(8 * DAY));
    expect((await release(two.owner.cookie)).state).toBe("released");
  });
});

describe("the inactivity trigger", () => {
  it("reminds the owner 30, 7 and 1 days before, once each; 'I'm still here' starts the count again; then it becomes pending", async () => {
    const { owner } = await ownerWith("quiet", ["executor"]);
    await settings(owner.cookie, { inactivityMonths: 3, deathReports: true, vetoDays: 7 });
    const reminders = () => t.mails.filter((m) => m.to === "quiet@example.com" && m.subject.startsWith("Are you still there?"));
    await runReleaseScheduler(at(50 * DAY));
    expect(reminders()).toHaveLength(0);
    await runReleaseScheduler(at(61 * DAY));
    await runReleaseScheduler(at(62 * DAY));
    expect(reminders()).toHaveLength(1);
    await runReleaseScheduler(at(84 * DAY));
    await runReleaseScheduler(at(89.5 * DAY));
    expect(reminders()).toHaveLength(3);

    // Each reminder went through the outbox, and its words (a one-time link) were forgotten once sent.
    const outbox = await t.owner.query(`SELECT body, sent_at IS NOT NULL AS sent FROM legacy_outbox WHERE event_key LIKE 'still-here:%' AND recipient = 'quiet@example.com'`);
    expect(outbox.rows).toHaveLength(3);
    expect(outbox.rows.every((r) => r.sent && r.body === "")).toBe(true);
    const token = reminders().at(-1)!.text.match(/still-here#token=([\w-]+)/)![1]!;
    expect((await send(t, "POST", "/api/legacy/still-here", { token }, "")).statusCode).toBe(200);
    expect((await send(t, "POST", "/api/legacy/still-here", { token }, "")).json().error.message).toBe(legacyMessages.stillHereInvalid);
    await runReleaseScheduler(at(89.5 * DAY));
    expect((await release(owner.cookie)).state).toBe("active");

    await runReleaseScheduler(at(91 * DAY));
    const pending = await release(owner.cookie);
    expect(pending).toMatchObject({ state: "pending", pending: { reason: "inactivity" } });
    expect(t.mails.filter((m) => m.to === "quiet@example.com").at(-1)!.text).toContain("You have not signed in to Mindprint for the time you chose");
    // The contact is told too, with the day the waiting period ends.
    expect(t.mails.filter((m) => m.to === "quiet.c0@example.com").at(-1)!.text).toContain("has not signed in to Mindprint for the time they chose, so the release of what they left has begun");
  });
});

describe("one owner's release is unreachable by anyone else", () => {
  it("answers 404 when someone reports or confirms through a contact row that is not theirs", async () => {
    const { owner, contacts } = await ownerWith("guarded", ["executor"]);
    const stranger = await newUser(t, "stranger.release@example.com");
    for (const answer of [
      await send(t, "POST", `/api/legacy/named-me/${contacts[0]!.contactId}/death-report`, { note: "" }, stranger.cookie),
      await send(t, "POST", `/api/legacy/named-me/${contacts[0]!.contactId}/confirm`, undefined, stranger.cookie),
      await send(t, "POST", `/api/legacy/named-me/${contacts[0]!.contactId}/death-report`, { note: "" }, owner.cookie),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe("legacy_contact_not_found");
    }
    expect((await release(owner.cookie)).state).toBe("active");
    expect((await release(stranger.cookie)).audit).toEqual([]);
  });
});
