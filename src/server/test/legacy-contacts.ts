import { expect } from "vitest";
import { get, newUser, send, signIn, type TestApp } from "./harness";

/**
 * An owner with accepted contacts of the given roles; answers the owner's cookie and id, and each contact's cookie and
 * row id. `people` names them as the owner would (by default "<name> contact <i>", a friend).
 */
export async function ownerWithContacts(t: TestApp, name: string, roles: ("contact" | "executor")[], people: Array<{ name: string; relationship: string }> = []) {
  const owner = await newUser(t, `${name}@example.com`);
  const contacts: { cookie: string; contactId: string }[] = [];
  for (const [i, role] of roles.entries()) {
    const email = `${name}.c${i}@example.com`;
    await send(t, "POST", "/api/legacy/contacts", { name: people[i]?.name ?? `${name} contact ${i}`, email, relationship: people[i]?.relationship ?? "friend", role }, owner.cookie);
    const mail = [...t.mails].reverse().find((m) => m.to === email && m.text.includes("#token="))!;
    const token = mail.text.match(/#token=([\w-]+)/)![1]!;
    const cookie = await signIn(t, email);
    expect((await send(t, "POST", "/api/legacy/invitations/accept", { token }, cookie)).statusCode).toBe(200);
    const named = (await get(t, "/api/legacy/named-me", cookie)).json().namedBy as { contactId: string; ownerEmail: string }[];
    contacts.push({ cookie, contactId: named.find((n) => n.ownerEmail === `${name}@example.com`)!.contactId });
  }
  return { owner, contacts };
}
