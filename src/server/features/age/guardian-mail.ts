import { GUARDIAN_LINK_DAYS } from "../../../contract/age-options";
import type { OutgoingMail } from "../../platform/mail/mailer";

/**
 * The e-mail asking a parent or guardian to agree. The link opens a page of ours that only shows a button (mail scanners
 * open links too); pressing it records the consent. The child's address is named so the guardian knows who asked.
 */
export function composeGuardianMail(publicUrl: string, to: { guardianEmail: string; childEmail: string }, token: string, kind: "sign-up" | "account"): OutgoingMail {
  const link = `${publicUrl}/age/guardian?${new URLSearchParams({ token }).toString()}`;
  const asked =
    kind === "sign-up"
      ? `${to.childEmail} asked to create a Mindprint account and named you as their parent or guardian.`
      : `${to.childEmail} was invited to talk with a Mindprint twin (an AI built from what someone recorded) and named you as their parent or guardian.`;
  const text = [
    "Hello,",
    "",
    asked,
    "Mindprint preserves a person's memories and voice as an AI twin that family and friends can talk with. People aged 13 to 17 may use it only with a parent's or guardian's consent.",
    "",
    "If you agree, open this link and press “I agree”:",
    "",
    link,
    "",
    `If you do not agree, ignore this e-mail: nothing about your child is kept, and the link expires in ${GUARDIAN_LINK_DAYS} days.`,
    "You can withdraw your consent at any time by writing to support.",
    "",
    "— Mindprint",
  ].join("\n");
  const html = `<p>Hello,</p><p>${escape(asked)}</p><p>Mindprint preserves a person's memories and voice as an AI twin that family and friends can talk with. People aged 13 to 17 may use it only with a parent's or guardian's consent.</p>
<p><a href="${link}">Review and agree</a></p>
<p>If you do not agree, ignore this e-mail: nothing about your child is kept, and the link expires in ${GUARDIAN_LINK_DAYS} days.</p>`;
  return { to: to.guardianEmail, subject: "Your consent is asked for a Mindprint account", text, html };
}

/** Tells the young person their account exists. */
export function composeAccountReadyMail(publicUrl: string, email: string): OutgoingMail {
  const text = ["Hello,", "", "Your parent or guardian agreed, so your Mindprint account is ready.", `Sign in here with this e-mail address: ${publicUrl}/login`, "", "— Mindprint"].join("\n");
  return { to: email, subject: "Your Mindprint account is ready", text };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
