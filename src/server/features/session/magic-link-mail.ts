import type { OutgoingMail } from "../../platform/mail/mailer";

/**
 * The sign-in e-mail. The link opens our confirmation page, which the server writes itself so it works before (or
 * without) the app's scripts; opening it spends nothing, only the page's button does. Request logs carry paths
 * without query strings, so the token reaches no log.
 */
export function composeMagicLinkMail(publicUrl: string, email: string, token: string, next: string): OutgoingMail {
  const params = new URLSearchParams({ token, next });
  const link = `${publicUrl}/login/confirm?${params.toString()}`;
  const text = [
    "Hello,",
    "",
    "Someone (hopefully you) asked to sign in to Mindprint with this e-mail address.",
    "Open this link and press the button on the page to finish (“Sign in”, or “Create your account” the first time):",
    "",
    link,
    "",
    "The link works once and expires in 10 minutes.",
    "If you did not ask for it, you can ignore this message: nobody can sign in without opening it.",
    "",
    "— Mindprint",
  ].join("\n");
  const html = `<p>Hello,</p><p>Someone (hopefully you) asked to sign in to Mindprint with this e-mail address.</p>
<p><a href="${link}">Open Mindprint and sign in</a></p>
<p>The link works once and expires in 10 minutes. If you did not ask for it, you can ignore this message.</p>`;
  return { to: email, subject: "Your Mindprint sign-in link", text, html };
}
