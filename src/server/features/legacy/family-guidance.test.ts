import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legacyMessages, type ReleaseStatus } from "../../../contract";
import { createTestApp, get, newUser, post, send, signIn, type TestApp } from "../../test/harness";
import { ownerWithContacts } from "../../test/legacy-contacts";

// Issue 34, "guided to what was left them": the invitation page names the owner by the first name they gave (never their
// e-mail) before sign-in, a person who is only someone's contact starts on /legacy, and an executor is told the date a
// release they confirm will happen.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const landing = async (cookie: string) => (await get(t, "/api/profile", cookie)).json().landing as string;
const identity = (cookie: string, firstName: string) => send(t, "PUT", "/api/profile/identity", { firstName, birthday: null, legacyPreference: "family" }, cookie);
const preview = (token: string) => post(t, "/api/legacy/invitations/preview", { token });
function inviteToken(to: string): string {
  const mail = [...t.mails].reverse().find((m) => m.to === to && m.text.includes("/legacy/accept#token="));
  return mail!.text.match(/\/legacy\/accept#token=([\w-]+)/)![1]!;
}

describe("the invitation page's preview", () => {
  it("names the owner by their profile's first name and the role, before sign-in, and never answers the e-mail", async () => {
    const owner = await newUser(t, "maria.owner@example.com");
    expect((await identity(owner.cookie, "  María ")).statusCode).toBe(200);
    await send(t, "POST", "/api/legacy/contacts", { name: "Lucía", email: "lucia@example.com", relationship: "daughter", role: "executor" }, owner.cookie);
    const token = inviteToken("lucia@example.com");
    const answer = await preview(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ownerName: "María", role: "executor" });
    expect(answer.body).not.toContain("maria.owner@example.com");
    // Accepting names the owner the same way; the preview still answers for the accepted link.
    const accepted = await send(t, "POST", "/api/legacy/invitations/accept", { token }, await signIn(t, "lucia@example.com"));
    expect(accepted.json()).toEqual({ ownerName: "María", role: "executor" });
    expect((await preview(token)).json()).toEqual({ ownerName: "María", role: "executor" });
  });

  it("answers no name (never the e-mail) when the owner gave no first name", async () => {
    const owner = await newUser(t, "nameless.owner@example.com");
    await send(t, "POST", "/api/legacy/contacts", { name: "Bo", email: "bo.nameless@example.com", relationship: "friend", role: "contact" }, owner.cookie);
    const token = inviteToken("bo.nameless@example.com");
    const answer = await preview(token);
    expect(answer.json()).toEqual({ ownerName: null, role: "contact" });
    expect(answer.body).not.toContain("nameless.owner");
    const accepted = await send(t, "POST", "/api/legacy/invitations/accept", { token }, await signIn(t, "bo.nameless@example.com"));
    expect(accepted.json()).toEqual({ ownerName: null, role: "contact" });
  });

  it("refuses an unknown or replaced link with what to do, without saying whose it was", async () => {
    const unknown = await preview("x".repeat(43));
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().error.message).toBe(legacyMessages.inviteUnknown);
    const owner = await newUser(t, "resend.owner@example.com");
    await identity(owner.cookie, "Rosa");
    const added = await send(t, "POST", "/api/legacy/contacts", { name: "Cy", email: "cy.resend@example.com", relationship: "son", role: "contact" }, owner.cookie);
    const first = inviteToken("cy.resend@example.com");
    await send(t, "POST", `/api/legacy/contacts/${added.json().contact.id}/resend`, {}, owner.cookie);
    const replaced = await preview(first);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.body).not.toContain("Rosa");
  });
});

describe("where a person starts after sign-in", () => {
  it("starts someone who is only another person's contact on /legacy; onboarding stays theirs to begin", async () => {
    const { contacts } = await ownerWithContacts(t, "landing.owner", ["contact"]);
    const contact = contacts[0]!;
    expect(await landing(contact.cookie)).toBe("legacy");
    // They begin a twin of their own: from then on, onboarding (and the dashboard once done) as for anyone.
    expect((await send(t, "PUT", "/api/profile/intents", { intents: ["preserve_memory"] }, contact.cookie)).json().landing).toBe("onboarding");
    expect(await landing(contact.cookie)).toBe("onboarding");
    expect((await send(t, "POST", "/api/profile/onboarding-complete", undefined, contact.cookie)).json().landing).toBe("dashboard");
  });

  it("recognises a contact who signs in before opening the invitation: /legacy, the invitation waiting, accepted there (issue 44)", async () => {
    const fresh = await newUser(t, "fresh.person@example.com");
    expect(await landing(fresh.cookie)).toBe("onboarding");
    const { owner } = await ownerWithContacts(t, "invite.only", []);
    expect((await identity(owner.cookie, "Philippa")).statusCode).toBe(200);
    await send(t, "POST", "/api/legacy/contacts", { name: "Dee", email: "dee.pending@example.com", relationship: "daughter", role: "executor" }, owner.cookie);
    const dee = await signIn(t, "dee.pending@example.com");
    expect(await landing(dee)).toBe("legacy");
    const before = (await get(t, "/api/legacy/named-me", dee)).json();
    expect(before.namedBy).toEqual([]);
    expect(before.waiting).toEqual([{ contactId: expect.any(String), ownerName: "Philippa", role: "executor", relationship: "daughter", expiresAt: expect.any(String) }]);
    const contactId = before.waiting[0].contactId as string;
    // Nobody else sees it or accepts it: not the fresh person, not the owner.
    expect((await get(t, "/api/legacy/named-me", fresh.cookie)).json().waiting).toEqual([]);
    for (const cookie of [fresh.cookie, owner.cookie]) {
      const refused = await send(t, "POST", `/api/legacy/invitations/waiting/${contactId}/accept`, undefined, cookie);
      expect(refused.statusCode).toBe(410);
      expect(refused.json().error.message).toBe(legacyMessages.inviteUnknown);
    }
    const accepted = await send(t, "POST", `/api/legacy/invitations/waiting/${contactId}/accept`, undefined, dee);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ ownerName: "Philippa", role: "executor" });
    const after = (await get(t, "/api/legacy/named-me", dee)).json();
    expect(after.waiting).toEqual([]);
    expect(after.namedBy).toMatchObject([{ contactId, ownerName: "Philippa", role: "executor" }]);
    expect((await send(t, "POST", `/api/legacy/invitations/waiting/${contactId}/accept`, undefined, dee)).statusCode).toBe(410);
    expect(await landing(dee)).toBe("legacy");
    // An expired invitation is not waiting: onboarding as for anyone.
    await send(t, "POST", "/api/legacy/contacts", { name: "Eve", email: "eve.late@example.com", relationship: "friend", role: "contact" }, owner.cookie);
    await t.owner.query(`UPDATE legacy_contacts SET invite_expires_at = now() - interval '1 minute' WHERE email = 'eve.late@example.com'`);
    const eve = await signIn(t, "eve.late@example.com");
    expect(await landing(eve)).toBe("onboarding");
    expect((await get(t, "/api/legacy/named-me", eve)).json().waiting).toEqual([]);
  });

  it("keeps the dashboard for an owner who is also a contact", async () => {
    // Both: an owner with a finished onboarding, named by someone else.
    const both = await ownerWithContacts(t, "both.owner", ["contact"]);
    await send(t, "POST", "/api/profile/onboarding-complete", undefined, both.contacts[0]!.cookie);
    expect(await landing(both.contacts[0]!.cookie)).toBe("dashboard");
  });
});

describe("the date a release will happen", () => {
  it("is told to the contacts while a release is pending: the end of the owner's waiting period", async () => {
    const { owner, contacts } = await ownerWithContacts(t, "dated.owner", ["executor"]);
    await send(t, "PUT", "/api/legacy/release/settings", { inactivityMonths: null, deathReports: true, vetoDays: 10 }, owner.cookie);
    const executor = contacts[0]!;
    const before = (await get(t, "/api/legacy/named-me", executor.cookie)).json().namedBy[0];
    expect(before.releaseAfter).toBeNull();
    const reported = (await send(t, "POST", `/api/legacy/named-me/${executor.contactId}/death-report`, { note: "" }, executor.cookie)).json().namedBy[0];
    const status = (await get(t, "/api/legacy/release", owner.cookie)).json() as ReleaseStatus;
    expect(reported.releaseAfter).toBe(status.pending!.vetoUntil);
    expect(Date.parse(reported.releaseAfter) - Date.now()).toBeGreaterThan(9.9 * DAY);
    // Cancelled by the owner: no date any more.
    await send(t, "POST", "/api/legacy/release/cancel", undefined, owner.cookie);
    expect((await get(t, "/api/legacy/named-me", executor.cookie)).json().namedBy[0].releaseAfter).toBeNull();
  });
});
