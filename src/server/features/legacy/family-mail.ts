import { quotedBlock, type OutgoingMail } from "../../platform/mail/mailer";

// What the family is told at each step of a release (issue 34, decision 0033), written for someone who may be
// grieving: plain words and plain dates, no check marks, nothing called a success. The owner is named as they named
// themselves (their profile's first name), never by their e-mail address; each contact by the name the owner gave them.

/** "Monday 7 December 2026" (UTC, the service's calendar). */
export const plainDate = (d: Date) => d.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).replace(",", "");

const signature = ["", "With care,", "Mindprint"];

interface ToContact {
  to: string;
  contactName: string;
  ownerName: string;
  contactId: string;
}

/** At release, to each accepted contact: what they can now do, each with its link; executors also their controls. */
export function releasedToContact(publicUrl: string, p: ToContact & { executor: boolean; voice: boolean; releasedAt: Date; memorialSlug: string | null }): OutgoingMail {
  const base = `${publicUrl}/legacy/${p.contactId}`;
  const lines = [
    `Dear ${p.contactName},`,
    "",
    `${p.ownerName} named you on Mindprint as someone to receive what they left. Since ${plainDate(p.releasedAt)}, it is open to you. We are very sorry for your loss.`,
    "",
    "What you can do now:",
    `- Read the memories ${p.ownerName} left for you: ${base}/memories`,
    `- Talk with ${p.ownerName}'s twin, an AI that answers from what they recorded (it is not them): ${base}/twin`,
    ...(p.voice ? [`- Hear the twin's answers in ${p.ownerName}'s voice, as ${p.ownerName} allowed: press Listen beside an answer on the same page.`] : []),
    ...(p.executor ? [`- Download the memories as a file, to keep them: ${base}/memories`] : []),
    // The public memorial is for anyone the family shares it with, so its address is given to pass on.
    ...(p.memorialSlug ? [`- Share ${p.ownerName}'s public memorial with anyone who knew them; it needs no account: ${publicUrl}/memorial/${p.memorialSlug}`] : []),
  ];
  if (p.executor) {
    lines.push(
      "",
      `As ${p.ownerName}'s executor you also look after the twin: you can pause it (with a message visitors see), resume it, retire it for good, and narrow who may hear the voice. Each of these is explained before it happens, on ${publicUrl}/legacy`,
    );
  }
  lines.push("", "You do not have to do anything now. Everything stays here for when you are ready.", ...signature);
  return { to: p.to, subject: `What ${p.ownerName} left you on Mindprint is open to you`, text: lines.join("\n") };
}

/** At release, to the owner's own address: in case they are alive, how to undo it (decision 0033). */
export function releasedToOwner(publicUrl: string, p: { to: string; releasedAt: Date }): OutgoingMail {
  const text = [
    "Hello,",
    "",
    `Your Mindprint legacy was released on ${plainDate(p.releasedAt)}: your legacy contacts can now read what you left them and talk with your twin.`,
    "",
    `If you are reading this yourself and this is a mistake, sign in at ${publicUrl}/login and press "Undo the release" at the top of your dashboard. Your memories close to your contacts at once and everything goes back to how it was before the release; your contacts are told. What they have already read or downloaded cannot be taken back.`,
    "You can undo it as long as the twin is released or paused. Once an executor has retired it, sign in anyway: an account that is used again is never erased, and our team will help you.",
    ...signature,
  ].join("\n");
  return { to: p.to, subject: "Your Mindprint legacy was released", text };
}

/** When a release starts (a death reported, or the owner's inactivity), to each contact: what happens and when. */
export function waitingPeriodToContact(
  publicUrl: string,
  p: ToContact & { reason: "inactivity" | "death_report"; reporter: string | null; vetoUntil: Date; executor: boolean; noExecutor: boolean },
): OutgoingMail {
  const why =
    p.reason === "death_report"
      ? `${p.reporter ?? "One of the people close to them"} has told us that ${p.ownerName} has died. We are so sorry.`
      : `${p.ownerName} has not signed in to Mindprint for the time they chose, so the release of what they left has begun.`;
  const confirm = p.executor
    ? `As ${p.ownerName}'s executor, your confirmation is what the release waits for. When you are ready, open ${publicUrl}/legacy and choose "Confirm release"; it tells you what will happen before anything does.`
    : p.noExecutor
      ? `The release needs the confirmation of two of the people ${p.ownerName} named (or yours alone if you are the only one). When you are ready, open ${publicUrl}/legacy to confirm.`
      : `${p.ownerName}'s executor will be asked to confirm it. There is nothing you need to do.`;
  const text = [
    `Dear ${p.contactName},`,
    "",
    why,
    "",
    `${p.ownerName} chose a waiting period before anything is opened to anyone. It ends on ${plainDate(p.vetoUntil)}. Until then ${p.ownerName} can still stop it by signing in${p.reason === "death_report" ? ", in case this was a mistake" : ""}.`,
    confirm,
    ...signature,
  ].join("\n");
  return { to: p.to, subject: p.reason === "death_report" ? `About ${p.ownerName}` : `${p.ownerName}'s legacy release has begun`, text };
}

/** The waiting period is over and the release still waits for confirmation: to those whose confirmation counts. */
export function confirmationNeededToContact(publicUrl: string, p: ToContact & { needs: string }): OutgoingMail {
  const text = [
    `Dear ${p.contactName},`,
    "",
    `The waiting period ${p.ownerName} chose is over. What they left is opened only once it is confirmed (${p.needs}).`,
    `When you are ready, open ${publicUrl}/legacy and choose "Confirm release". Nothing is opened before you do.`,
    ...signature,
  ].join("\n");
  return { to: p.to, subject: `${p.ownerName}'s legacy is waiting for your confirmation`, text };
}

/** The owner stopped a release (cancelled while pending, signed in, or undid a release): to each contact. */
export function stoppedToContact(publicUrl: string, p: ToContact & { at: Date; how: "cancelled" | "signed-in" | "undone" }): OutgoingMail {
  const what =
    p.how === "undone"
      ? `${p.ownerName} signed in on ${plainDate(p.at)} and undid the release of their legacy. What they left is closed again, and their twin no longer answers visitors.`
      : p.how === "signed-in"
        ? `${p.ownerName} signed in on ${plainDate(p.at)}, so the release of their legacy has stopped. Nothing was opened.`
        : `${p.ownerName} stopped the release of their legacy on ${plainDate(p.at)}. Nothing was opened.`;
  const text = [`Dear ${p.contactName},`, "", what, `You are still one of the people ${p.ownerName} named; nothing else changes for you. ${publicUrl}/legacy`, ...signature].join("\n");
  return { to: p.to, subject: `${p.ownerName} stopped the release of their legacy`, text };
}

/** An executor paused, resumed or retired the twin: to each contact (the executor who did it is told too, as a record). */
export function twinControlToContact(
  publicUrl: string,
  p: ToContact & { control: "pause" | "resume" | "retire"; executorName: string; message: string | null; readableUntil: Date | null },
): OutgoingMail {
  const link = `${publicUrl}/legacy/${p.contactId}/memories`;
  const body =
    p.control === "pause"
      ? [`${p.executorName}, ${p.ownerName}'s executor, has paused ${p.ownerName}'s twin for now. It does not answer until it is resumed; the memories can still be read: ${link}`, ...(p.message ? ["", ...quotedBlock(p.executorName, p.message)] : [])]
      : p.control === "resume"
        ? [`${p.executorName}, ${p.ownerName}'s executor, has resumed ${p.ownerName}'s twin. You can talk with it again: ${publicUrl}/legacy/${p.contactId}/twin`]
        : [
            `${p.executorName}, ${p.ownerName}'s executor, has retired ${p.ownerName}'s twin. It will not answer again.`,
            `The memories ${p.ownerName} left you can still be read${p.readableUntil ? ` until ${plainDate(p.readableUntil)}` : ""}: ${link}`,
          ];
  const subject = p.control === "pause" ? `${p.ownerName}'s twin is paused` : p.control === "resume" ? `${p.ownerName}'s twin answers again` : `${p.ownerName}'s twin was retired`;
  return { to: p.to, subject, text: [`Dear ${p.contactName},`, "", ...body, ...signature].join("\n") };
}
