import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract";
import { createTestApp, get, signIn, type TestApp } from "../../test/harness";
import { inviteToWaitlist, inviteTopOfQueue, type InviteDeps } from "./invite";
import { join, unsubscribe, unsubscribeTokenFrom } from "./test-helpers";

let t: TestApp;
let deps: InviteDeps;
beforeAll(async () => {
  t = await createTestApp({ ACCESS_MODE: "allowlist", ALLOWED_EMAILS: "owner@example.com" });
  deps = { db: t.ctx.authDb, mailer: t.ctx.mailer, publicUrl: t.ctx.config.publicUrl };
  for (const name of ["guest", "second", "third", "leaver"]) await join(t, `${name}@example.com`);
});
afterAll(() => t.close());

// One sign-in per address (a second link within a minute would be rate limited); the session is asked again each time.
const cookies = new Map<string, string>();
async function accessOf(email: string) {
  if (!cookies.has(email)) cookies.set(email, await signIn(t, email));
  return (await get(t, "/api/session", cookies.get(email))).json().access;
}
const invitedAt = async (email: string) =>
  (await t.owner.query(`SELECT invited_at FROM waitlist_entries WHERE email = $1`, [email])).rows[0].invited_at as Date | null;

describe("invitations from the waitlist", () => {
  it("in allowlist mode an address merely waiting is refused; once invited it is let in", async () => {
    expect(await accessOf("guest@example.com")).toEqual({ allowed: false, reason: messages.accessDenied, scope: "full", age: "adult" });
    const sent = t.mails.length;
    const result = await inviteToWaitlist(deps, "  Guest@Example.com ");
    expect(result).toMatchObject({ status: "invited", email: "guest@example.com", position: 1 });
    expect(await invitedAt("guest@example.com")).toBeInstanceOf(Date);
    const mail = t.mails[sent]!;
    expect(mail).toMatchObject({ to: "guest@example.com", subject: "You're invited to the Mindprint private beta" });
    expect(mail.text).toContain("http://localhost:3000/login");
    expect(await accessOf("guest@example.com")).toEqual({ allowed: true, reason: null, scope: "full", age: "adult" });
    expect(await accessOf("second@example.com")).toEqual({ allowed: false, reason: messages.accessDenied, scope: "full", age: "adult" });
  });

  it("re-sends the e-mail to an address already invited and keeps the first date", async () => {
    const first = await invitedAt("guest@example.com");
    const sent = t.mails.length;
    expect((await inviteToWaitlist(deps, "guest@example.com")).status).toBe("reinvited");
    expect(t.mails.length).toBe(sent + 1);
    expect(await invitedAt("guest@example.com")).toEqual(first);
  });

  it("reports an unknown or unsubscribed address and invites neither", async () => {
    const sent = t.mails.length;
    expect(await inviteToWaitlist(deps, "nobody@example.com")).toEqual({ status: "unknown", email: "nobody@example.com" });
    await unsubscribe(t, unsubscribeTokenFrom(t.mails.find((m) => m.to === "leaver@example.com")!));
    expect((await inviteToWaitlist(deps, "leaver@example.com")).status).toBe("unsubscribed");
    expect(await invitedAt("leaver@example.com")).toBeNull();
    expect(t.mails.length).toBe(sent);
  });

  it("records nothing when the invitation e-mail cannot be sent", async () => {
    const failing = { ...deps, mailer: { kind: "smtp" as const, send: () => Promise.reject(new Error("relay down")) } };
    await expect(inviteToWaitlist(failing, "second@example.com")).rejects.toThrow("relay down");
    expect(await invitedAt("second@example.com")).toBeNull();
  });

  it("invites the top of the queue who are still waiting, skipping the invited and the unsubscribed", async () => {
    const { invited, failure } = await inviteTopOfQueue(deps, 5);
    expect(failure).toBeNull();
    expect(invited.map((r) => r.email)).toEqual(["second@example.com", "third@example.com"]);
    expect((await inviteTopOfQueue(deps, 5)).invited).toEqual([]);
  });

  it("an invitation survives unsubscribing: the person keeps access to what they built", async () => {
    await unsubscribe(t, unsubscribeTokenFrom(t.mails.find((m) => m.to === "third@example.com")!));
    expect(await accessOf("third@example.com")).toEqual({ allowed: true, reason: null, scope: "full", age: "adult" });
  });
});
