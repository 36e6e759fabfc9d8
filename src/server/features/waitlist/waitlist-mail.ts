import { REFERRAL_BONUS } from "../../../contract";
import type { OutgoingMail } from "../../platform/mail/mailer";

/** The link a person shares; the waitlist page reads `ref` and sends it with the friend's join. */
export const referralLinkFor = (publicUrl: string, referralCode: string) => `${publicUrl}/waitlist?ref=${referralCode}`;

interface Confirmation {
  /** "joined" right after joining; "reminder" when somebody typed an address that was already waiting. */
  kind?: "joined" | "reminder";
  email: string;
  position: number;
  foundingMember: boolean;
  referralCode: string;
  /** The entry's newest e-mail token (only its hash is stored): it opens the place page and the unsubscribe page. */
  token: string;
}

const referralRule = `Each friend who joins with your link moves you up ${REFERRAL_BONUS} places in the queue.`;
const foundingNote = "You are one of our first 50 members: a founding member, with one year free and founding-member perks.";

/**
 * The confirmation e-mail: the person's place, their referral link and an unsubscribe link. The unsubscribe token
 * travels in the URL fragment and only the page's button spends it, so a mail scanner opening the link changes nothing.
 */
export function composeWaitlistConfirmationMail(publicUrl: string, c: Confirmation): OutgoingMail {
  const referralLink = referralLinkFor(publicUrl, c.referralCode);
  const unsubscribeLink = `${publicUrl}/waitlist/unsubscribe#token=${c.token}`;
  const placeLink = `${publicUrl}/waitlist/place#token=${c.token}`;
  const opening =
    c.kind === "reminder"
      ? `This address was entered on the Mindprint waitlist again (if that was not you, nothing changes: you keep your place). You're on the waitlist. Your place in the queue: #${c.position}.`
      : `You're on the Mindprint waitlist. Your place in the queue: #${c.position}.`;
  const text = [
    "Hello,",
    "",
    opening,
    ...(c.foundingMember ? ["", foundingNote] : []),
    "",
    "Your personal invitation link:",
    referralLink,
    referralRule,
    "",
    "See your place in the queue at any time (it moves up as friends join with your link):",
    placeLink,
    "",
    "Invitations to the private beta go out from the top of the queue; we will e-mail you when it is your turn.",
    "",
    "Don't want to hear from us any more? Open this link and press “Unsubscribe”:",
    unsubscribeLink,
    "",
    "— Mindprint",
  ].join("\n");
  // Every value below is ours (numbers, our URL, a base32 code, a base64url token), so nothing needs escaping.
  const html = `<p>Hello,</p><p>${opening.replace(`#${c.position}.`, `<strong>#${c.position}</strong>.`)}</p>
${c.foundingMember ? `<p>${foundingNote}</p>\n` : ""}<p>Your personal invitation link: <a href="${referralLink}">${referralLink}</a><br>${referralRule}</p>
<p><a href="${placeLink}">See your place in the queue</a> at any time (it moves up as friends join with your link).</p>
<p>Invitations to the private beta go out from the top of the queue; we will e-mail you when it is your turn.</p>
<p><a href="${unsubscribeLink}">Unsubscribe</a></p>`;
  const subject = c.kind === "reminder" ? `Your place on the Mindprint waitlist (#${c.position})` : `You're on the Mindprint waitlist (#${c.position})`;
  return { to: c.email, subject, text, html };
}

/** The invitation to the private beta: sign in with this address at /login. */
export function composeWaitlistInvitationMail(publicUrl: string, email: string): OutgoingMail {
  const loginLink = `${publicUrl}/login`;
  const text = [
    "Hello,",
    "",
    "Your wait is over: you're invited to the Mindprint private beta.",
    "Sign in with this e-mail address here:",
    "",
    loginLink,
    "",
    "Thank you for waiting with us.",
    "",
    "— Mindprint",
  ].join("\n");
  const html = `<p>Hello,</p><p>Your wait is over: you're invited to the Mindprint private beta.</p>
<p><a href="${loginLink}">Sign in to Mindprint</a> with this e-mail address.</p><p>Thank you for waiting with us.</p>`;
  return { to: email, subject: "You're invited to the Mindprint private beta", text, html };
}
