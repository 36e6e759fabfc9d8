import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReleaseStatus } from "../../../contract";
import { createTestApp, get, send, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";
import type { LegacyDeps } from "./deps";
import { runReleaseScheduler } from "./release";

// Who may release a twin (issue 57, SECURITY.md 52, decision 0050): the executor the owner named, or two different
// people, never a contact who reported the death alone; contacts invited but not yet accepted count among those who must be asked.
const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (offsetMs: number): LegacyDeps => ({ db: t.ctx.db, mailer: t.ctx.mailer, publicUrl: t.ctx.config.publicUrl, now: () => new Date(Date.now() + offsetMs) });
const release = async (cookie: string) => (await get(t, "/api/legacy/release", cookie)).json() as ReleaseStatus;
const report = (c: { cookie: string; contactId: string }) => send(t, "POST", `/api/legacy/named-me/${c.contactId}/death-report`, { note: "" }, c.cookie);
const confirm = (c: { cookie: string; contactId: string }) => send(t, "POST", `/api/legacy/named-me/${c.contactId}/confirm`, undefined, c.cookie);
const invite = (ownerCookie: string, name: string, role: "contact" | "executor") =>
  send(t, "POST", "/api/legacy/contacts", { name, email: `${name.toLowerCase().replace(/\W/g, ".")}@example.com`, relationship: "son", role }, ownerCookie);
/** Family memories a contact can read: refused (409) before a release. */
const readable = async (c: { cookie: string; contactId: string }) => (await get(t, `/api/legacy/named-me/${c.contactId}/memories`, c.cookie)).statusCode;

describe("a release needs more than the reporter", () => {
  it("the attack: the one accepted contact of three reports, confirms herself and waits; nothing is released", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "threenamed", ["contact"], [{ name: "Ada Mensah", relationship: "daughter" }]);
    // The owner also named an executor and a second contact, who have not accepted yet.
    expect((await invite(owner.cookie, "Kwame Mensah", "executor")).statusCode).toBe(201);
    expect((await invite(owner.cookie, "Efua Mensah", "contact")).statusCode).toBe(201);
    expect((await report(contacts[0]!)).statusCode).toBe(200);
    // The owner's mail says who reported: the name, the relationship and the address she was invited at.
    const mail = t.mails.filter((m) => m.to === "threenamed@example.com").at(-1)!;
    expect(mail.text).toContain("Ada Mensah (daughter, threenamed.c0@example.com) has reported your death on Mindprint.");
    expect(mail.text).toContain("Their report alone never releases anything");
    expect((await confirm(contacts[0]!)).statusCode).toBe(200);
    await runReleaseScheduler(at(9 * DAY));
    const status = await release(owner.cookie);
    expect(status.state).toBe("pending");
    // Read at the real time, the waiting period is still running too.
    expect(status.pending!.waitingFor.at(-1)).toBe("confirmation by someone other than the person who reported it");
    expect(status.audit[0]).toMatchObject({ action: "Waiting period over: the release waits for confirmation", note: "confirmation by someone other than the person who reported it" });
    expect(await readable(contacts[0]!)).toBe(409);
  });

  it("an executor may report and confirm alone: the owner chose her to act for them", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "execreport", ["executor", "contact"]);
    await report(contacts[0]!);
    await confirm(contacts[0]!);
    await runReleaseScheduler(at(8 * DAY));
    expect((await release(owner.cookie)).state).toBe("released");
    expect(await readable(contacts[1]!)).toBe(200);
  });

  it("a plain contact who reported is released with a second contact's confirmation", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "tworeport", ["contact", "contact"]);
    await report(contacts[1]!);
    await confirm(contacts[1]!);
    await runReleaseScheduler(at(8 * DAY));
    expect((await release(owner.cookie)).state).toBe("pending");
    await confirm(contacts[0]!);
    await runReleaseScheduler(at(8 * DAY));
    expect((await release(owner.cookie)).state).toBe("released");
  });

  it("an executor's confirmation releases what another contact reported", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "execconfirms", ["contact", "executor"]);
    await report(contacts[0]!);
    await confirm(contacts[1]!);
    await runReleaseScheduler(at(8 * DAY));
    expect((await release(owner.cookie)).state).toBe("released");
  });

  it("the only person named cannot release by reporting, but may confirm a release the owner's inactivity started", async () => {
    const reported = await ownerWithContacts(t, "onlyone", ["contact"]);
    await report(reported.contacts[0]!);
    await confirm(reported.contacts[0]!);
    await runReleaseScheduler(at(8 * DAY));
    const waiting = await release(reported.owner.cookie);
    expect(waiting.state).toBe("pending");
    expect(waiting.pending!.waitingFor.at(-1)).toEqual("a second person to confirm: the person who reported it cannot confirm it alone, so name another legacy contact");

    const quiet = await ownerWithContacts(t, "onlyquiet", ["contact"]);
    await send(t, "PUT", "/api/legacy/release/settings", { inactivityMonths: 3, deathReports: true, vetoDays: 7 }, quiet.owner.cookie);
    await runReleaseScheduler(at(91 * DAY));
    expect((await release(quiet.owner.cookie)).state).toBe("pending");
    await confirm(quiet.contacts[0]!);
    await runReleaseScheduler(at(99 * DAY));
    expect((await release(quiet.owner.cookie)).state).toBe("released");
  });
});
