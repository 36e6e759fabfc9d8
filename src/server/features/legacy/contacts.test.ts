import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_CONTACTS_MAX, LEGACY_INVITATIONS_PER_HOUR, legacyMessages, messages, type LegacyContact } from "../../../contract";
import { createTestApp, get, newUser, send, signIn, type TestApp } from "../../test/harness";

// Legacy contacts (issue 15): naming, inviting by e-mail, accepting by signing in with that address, and every rule.
let t: TestApp;
let owner: { cookie: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await newUser(t, "legacy.owner@example.com");
});
afterAll(() => t.close());

const add = (body: Record<string, unknown>, cookie = owner.cookie) => send(t, "POST", "/api/legacy/contacts", { relationship: "daughter", ...body }, cookie);
const contacts = async (cookie = owner.cookie) => (await get(t, "/api/legacy/contacts", cookie)).json() as { contacts: LegacyContact[]; recommendation: string | null };
/** The token from the newest invitation mailed to `to` (it travels in the link's fragment). */
function inviteToken(to: string): string {
  const mail = [...t.mails].reverse().find((m) => m.to === to && m.text.includes("/legacy/accept#token="));
  const token = mail?.text.match(/\/legacy\/accept#token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}
const accept = (token: string, cookie: string) => send(t, "POST", "/api/legacy/invitations/accept", { token }, cookie);

describe("naming legacy contacts", () => {
  it("names a contact, mails an invitation valid for 14 days, and recommends an executor until there is one", async () => {
    const answer = await add({ name: "Ana Ruiz", email: " Ana@Example.com ", role: "contact" });
    expect(answer.statusCode).toBe(201);
    const contact = answer.json().contact as LegacyContact;
    expect(contact).toMatchObject({ name: "Ana Ruiz", email: "ana@example.com", relationship: "daughter", role: "contact", status: "invited", position: 1, acceptedAt: null });
    const days = (Date.parse(contact.inviteExpiresAt) - Date.parse(contact.invitedAt)) / 86_400_000;
    expect(days).toBeCloseTo(14, 5);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe("ana@example.com");
    expect(mail.subject).toContain("named you as a legacy contact");
    expect(mail.text).toContain("valid for 14 days");
    expect((await contacts()).recommendation).toBe(legacyMessages.executorRecommended);
    await add({ name: "Bo Lind", email: "bo@example.com", relationship: "lawyer", role: "executor" });
    const list = await contacts();
    expect(list.recommendation).toBeNull();
    expect(list.contacts.map((c) => [c.position, c.email, c.role])).toEqual([
      [1, "ana@example.com", "contact"],
      [2, "bo@example.com", "executor"],
    ]);
  });

  it("refuses the owner's own address and an address already named, with a message to act on", async () => {
    for (const [email, message] of [
      ["LEGACY.owner@example.com", legacyMessages.notYourself],
      ["ana@example.com", legacyMessages.duplicateEmail],
    ] as const) {
      const answer = await add({ name: "Again", email });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toMatchObject({ code: "legacy_contact_conflict", message });
    }
  });

  it("validates every field", async () => {
    for (const [body, message] of [
      [{ name: " ", email: "x@example.com" }, legacyMessages.nameRequired],
      [{ name: "X", email: "not an address" }, legacyMessages.emailInvalid],
      [{ name: "X", email: "x@example.com", relationship: "" }, legacyMessages.relationshipRequired],
      [{ name: "X", email: "x@example.com", role: "heir" }, legacyMessages.roleInvalid],
    ] as const) {
      const answer = await add(body);
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json().error)).toContain(message);
    }
  });

  it("names at most 10", async () => {
    const someone = await newUser(t, "many.contacts@example.com");
    for (let i = 1; i <= LEGACY_CONTACTS_MAX; i++) expect((await add({ name: `Person ${i}`, email: `p${i}@example.com` }, someone.cookie)).statusCode).toBe(201);
    const eleventh = await add({ name: "One more", email: "p11@example.com" }, someone.cookie);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.message).toBe(legacyMessages.tooMany);
    expect((await contacts(someone.cookie)).contacts).toHaveLength(LEGACY_CONTACTS_MAX);
  });

  it("sends at most 20 invitations an hour for one owner, counting resends", async () => {
    const busy = await newUser(t, "busy.inviter@example.com");
    const first = (await add({ name: "Resent", email: "resent@example.com" }, busy.cookie)).json().contact as LegacyContact;
    for (let i = 0; i < LEGACY_INVITATIONS_PER_HOUR - 1; i++) {
      expect((await send(t, "POST", `/api/legacy/contacts/${first.id}/resend`, undefined, busy.cookie)).statusCode).toBe(200);
    }
    const refused = await add({ name: "One more", email: "one.more@example.com" }, busy.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(legacyMessages.tooManyInvitations);
    expect((await contacts(busy.cookie)).contacts).toHaveLength(1);
  });

  it("changes role and relationship, reorders, and removes, closing the gap", async () => {
    const list = await contacts();
    const ana = list.contacts.find((c) => c.email === "ana@example.com")!;
    const bo = list.contacts.find((c) => c.email === "bo@example.com")!;
    const changed = await send(t, "PATCH", `/api/legacy/contacts/${ana.id}`, { role: "executor", relationship: "eldest daughter" }, owner.cookie);
    expect(changed.json().contact).toMatchObject({ role: "executor", relationship: "eldest daughter" });
    const reordered = await send(t, "POST", "/api/legacy/contacts/order", { ids: [bo.id, ana.id] }, owner.cookie);
    expect(reordered.json().contacts.map((c: LegacyContact) => c.email)).toEqual(["bo@example.com", "ana@example.com"]);
    const wrongOrder = await send(t, "POST", "/api/legacy/contacts/order", { ids: [bo.id] }, owner.cookie);
    expect(wrongOrder.statusCode).toBe(400);
    expect(JSON.stringify(wrongOrder.json().error)).toContain(legacyMessages.orderMismatch);
    const temp = (await add({ name: "Temp", email: "temp@example.com" })).json().contact as LegacyContact;
    expect(temp.position).toBe(3);
    const tempToken = inviteToken("temp@example.com");
    expect((await send(t, "DELETE", `/api/legacy/contacts/${bo.id}`, undefined, owner.cookie)).statusCode).toBe(200);
    expect((await contacts()).contacts.map((c) => [c.position, c.email])).toEqual([
      [1, "ana@example.com"],
      [2, "temp@example.com"],
    ]);
    // Removing a contact withdraws their invitation.
    await send(t, "DELETE", `/api/legacy/contacts/${temp.id}`, undefined, owner.cookie);
    const late = await accept(tempToken, await signIn(t, "temp@example.com"));
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(legacyMessages.inviteUnknown);
  });
});

describe("accepting an invitation", () => {
  it("is accepted by signing in with the invited address, and the contact then sees who named them and their role only", async () => {
    const ana = await signIn(t, "ana@example.com");
    const answer = await accept(inviteToken("ana@example.com"), ana);
    expect(answer.statusCode).toBe(200);
    // The owner gave no first name: no name, never the e-mail (issue 34).
    expect(answer.json()).toEqual({ ownerName: null, role: "executor" });
    // Accepting again answers the same.
    expect((await accept(inviteToken("ana@example.com"), ana)).statusCode).toBe(200);
    const named = (await get(t, "/api/legacy/named-me", ana)).json();
    expect(named.namedBy).toEqual([expect.objectContaining({ ownerEmail: "legacy.owner@example.com", role: "executor", relationship: "eldest daughter" })]);
    // Who, how and where their legacy stands: nothing of the owner's content.
    expect(Object.keys(named.namedBy[0]).sort()).toEqual(["acceptedAt", "confirmedByMe", "contactId", "deathReports", "documents", "history", "memorialPath", "ownerEmail", "ownerName", "relationship", "releaseAfter", "role", "state"]);
    expect(named.namedBy[0]).toMatchObject({ state: "active", deathReports: true, confirmedByMe: false, memorialPath: null });
    expect((await contacts()).contacts.find((c) => c.email === "ana@example.com")).toMatchObject({ status: "accepted" });
    // The contact's own vault stays empty: being named gives nothing before release.
    expect((await get(t, "/api/memories", ana)).json().total).toBe(0);
  });

  it("refuses another address, an expired invitation and a replaced one, saying what to do", async () => {
    await add({ name: "Cy", email: "cy@example.com" });
    const first = inviteToken("cy@example.com");
    const stranger = await signIn(t, "stranger@example.com");
    const wrong = await accept(first, stranger);
    expect(wrong.statusCode).toBe(410);
    expect(wrong.json().error).toMatchObject({ code: "legacy_invitation_invalid", message: legacyMessages.inviteOtherAddress });

    const cy = await signIn(t, "cy@example.com");
    await t.owner.query(`UPDATE legacy_contacts SET invite_expires_at = now() - interval '1 minute' WHERE email = 'cy@example.com'`);
    expect((await contacts()).contacts.find((c) => c.email === "cy@example.com")?.status).toBe("expired");
    const expired = await accept(first, cy);
    expect(expired.json().error.message).toBe(legacyMessages.inviteExpired);

    const id = (await contacts()).contacts.find((c) => c.email === "cy@example.com")!.id;
    const resent = await send(t, "POST", `/api/legacy/contacts/${id}/resend`, undefined, owner.cookie);
    expect(resent.json().contact.status).toBe("invited");
    const second = inviteToken("cy@example.com");
    expect(second).not.toBe(first);
    expect((await accept(first, cy)).json().error.message).toBe(legacyMessages.inviteUnknown);
    expect((await accept(second, cy)).statusCode).toBe(200);
    const again = await send(t, "POST", `/api/legacy/contacts/${id}/resend`, undefined, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(legacyMessages.alreadyAccepted);
  });

  it("lets a named address in to the legacy pages only when access is by allow-list, and nobody else", async () => {
    const guarded = await createTestApp({ ACCESS_MODE: "allowlist", ALLOWED_EMAILS: "keeper@example.com" });
    try {
      const keeper = await signIn(guarded, "keeper@example.com");
      await send(guarded, "POST", "/api/legacy/contacts", { name: "Dee", email: "dee@example.com", relationship: "friend" }, keeper);
      const dee = await signIn(guarded, "dee@example.com");
      expect((await get(guarded, "/api/legacy/named-me", dee)).statusCode).toBe(200);
      expect((await get(guarded, "/api/session", dee)).json().access).toEqual({ allowed: true, reason: null, scope: "legacy", age: "adult" });
      const elsewhere = await get(guarded, "/api/memories", dee);
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().error).toMatchObject({ code: "access_denied", message: messages.legacyOnly });
      expect((await get(guarded, "/api/session", keeper)).json().access.scope).toBe("full");
      const outsider = await signIn(guarded, "outsider@example.com");
      expect((await get(guarded, "/api/legacy/named-me", outsider)).statusCode).toBe(403);
    } finally {
      await guarded.close();
    }
  });
});

describe("one owner's contacts are unreachable by anyone else", () => {
  it("answers 404 to another person changing, resending or removing them, and never lists them", async () => {
    const mallory = await newUser(t, "mallory@example.com");
    const target = (await contacts()).contacts[0]!;
    for (const response of [
      await send(t, "PATCH", `/api/legacy/contacts/${target.id}`, { role: "contact" }, mallory.cookie),
      await send(t, "POST", `/api/legacy/contacts/${target.id}/resend`, undefined, mallory.cookie),
      await send(t, "DELETE", `/api/legacy/contacts/${target.id}`, undefined, mallory.cookie),
      await send(t, "PATCH", "/api/legacy/contacts/not-a-uuid", { role: "contact" }, mallory.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("legacy_contact_not_found");
    }
    expect((await contacts(mallory.cookie)).contacts).toEqual([]);
    expect((await get(t, "/api/legacy/named-me", mallory.cookie)).json().namedBy).toEqual([]);
    const unchanged = (await contacts()).contacts[0]!;
    expect(unchanged).toEqual(target);
  });
});
