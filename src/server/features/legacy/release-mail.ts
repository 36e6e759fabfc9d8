import type { OutgoingMail } from "../../platform/mail/mailer";
import { plainDate } from "./family-mail";

const longDate = (d: Date) => d.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC";

/** To the owner, the moment a release becomes pending: why, until when they can cancel, and where. */
export function composePendingMail(
  publicUrl: string,
  p: { to: string; reason: "inactivity" | "death_report"; vetoUntil: Date; reporter: { name: string; relationship: string; email: string } | null },
): OutgoingMail {
  // Who reported, as the owner named them and with the address they were invited at, so a report by someone the
  // owner did not expect is recognised at once (issue 57).
  const who = p.reporter ? `${p.reporter.name} (${p.reporter.relationship}, ${p.reporter.email})` : "One of your legacy contacts";
  const why =
    p.reason === "death_report"
      ? `${who} has reported your death on Mindprint. Their report alone never releases anything: an executor you named, or a second person, must confirm it too.`
      : "You have not signed in to Mindprint for the time you chose, so your legacy release has started.";
  const link = `${publicUrl}/dashboard/legacy`;
  const text = [
    "Hello,",
    "",
    why,
    `If you are reading this, you can stop it: open ${link} and press “Cancel release”. Nothing is released before ${longDate(p.vetoUntil)}, and not without your contacts' confirmation.`,
    "",
    "— Mindprint",
  ].join("\n");
  return { to: p.to, subject: "Your Mindprint legacy release is pending: cancel it if you are here", text };
}

/** To the owner, 30, 7 and 1 days before the inactivity deadline: one click says they are still here. */
export function composeStillHereReminder(publicUrl: string, p: { to: string; deadline: Date; token: string }): OutgoingMail {
  const link = `${publicUrl}/legacy/still-here#token=${p.token}`;
  const text = [
    "Hello,",
    "",
    `You asked Mindprint to start releasing your legacy if you do not sign in for a while. That will happen on ${longDate(p.deadline)}.`,
    "If you are still here, open this link and press “I'm still here” (or simply sign in):",
    link,
    "",
    "— Mindprint",
  ].join("\n");
  return { to: p.to, subject: "Are you still there? Your Mindprint legacy release is coming up", text };
}

/** To a legacy contact, when memories sealed for later open: how many, and where to read them. */
export function composeSealsOpenedMail(publicUrl: string, p: { to: string; contactName: string; ownerName: string; count: number; contactId: string }): OutgoingMail {
  const link = `${publicUrl}/legacy/${p.contactId}/memories`;
  const what = p.count === 1 ? "A memory" : `${p.count} memories`;
  const text = [
    `Dear ${p.contactName},`,
    "",
    `${what} that ${p.ownerName} sealed for later ${p.count === 1 ? "has" : "have"} opened today. ${p.ownerName} chose this day for you to read ${p.count === 1 ? "it" : "them"}.`,
    `Read ${p.count === 1 ? "it" : "them"} here: ${link}`,
    "",
    "— Mindprint",
  ].join("\n");
  return { to: p.to, subject: `${what} from ${p.ownerName} opened today`, text };
}

/** To a legacy contact, 30 and 7 days before a retired legacy's reading period ends and the owner's data is erased. */
export function composeReadingEndsMail(
  publicUrl: string,
  p: { to: string; contactName: string; ownerName: string; endsAt: Date; contactId: string; executor: boolean },
): OutgoingMail {
  const link = `${publicUrl}/legacy/${p.contactId}/memories`;
  const text = [
    `Dear ${p.contactName},`,
    "",
    `${p.ownerName}'s twin was retired. As ${p.ownerName} chose, what they left you can be read until ${plainDate(p.endsAt)}; then everything they kept on Mindprint is erased for good, and cannot be brought back.`,
    `Read it here while you can: ${link}`,
    ...(p.executor ? ["As an executor you can also download the memories as a file from the same page, to keep them."] : ["Your own conversations with their twin stay yours."]),
    "",
    "— Mindprint",
  ].join("\n");
  return { to: p.to, subject: `What ${p.ownerName} left you can be read until ${plainDate(p.endsAt)}`, text };
}

/**
 * To the owner's own address, with the contacts' reminders: if they are alive (a release by mistake), signing in
 * before the date keeps their account; otherwise it tells nobody anything.
 */
export function composeErasureNoticeToOwner(publicUrl: string, p: { to: string; endsAt: Date }): OutgoingMail {
  const text = [
    "Hello,",
    "",
    `Your Mindprint legacy was released and later retired by your executor. On ${longDate(p.endsAt)} everything kept in this account will be erased for good, as you chose.`,
    `If you are reading this yourself, sign in before then at ${publicUrl}/login: an account that is used again is not erased, and our team will help you set things right.`,
    "",
    "— Mindprint",
  ].join("\n");
  return { to: p.to, subject: `Your Mindprint account will be erased on ${longDate(p.endsAt)}`, text };
}
