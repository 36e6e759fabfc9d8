import { expect } from "vitest";
import { get, newUser, send, signIn, type TestApp } from "./harness";

/** An owner with accepted contacts of the given roles; answers the owner's cookie and id, and each contact's cookie and row id. */
export async function ownerWithContacts(t: TestApp, name: string, roles: ("contact" | "executor")[]) {
  const owner = await newUser(t, `${name}@example.com`);
  const contacts: { cookie: string; contactId: string }[] = [];
  for (const [i, role] of roles.entries()) {
    const email = `${name}.c${i}@example.com`;
    await send(t, "POST", "/api/legacy/contacts", { name: `${name} contact ${i}`, email, relationship: "friend", role }, owner.cookie);
    const mail = [...t.mails].reverse().find((m) => m.to === email && m.text.includes("#token="))!;
    const token = mail.text.match(/#token=([\w-]+)/)![1]!;
    const cookie = await signIn(t, email);
    expect((await send(t, "POST", "/api/legacy/invitations/accept", { token }, cookie)).statusCode).toBe(200);
    const named = (await get(t, "/api/legacy/named-me", cookie)).json().namedBy as { contactId: string; ownerEmail: string }[];
    contacts.push({ cookie, contactId: named.find((n) => n.ownerEmail === `${name}@example.com`)!.contactId });
  }
  return { owner, contacts };
}
