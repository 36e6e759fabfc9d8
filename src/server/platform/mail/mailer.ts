export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The one way the app sends e-mail. Implementations: SMTP, and the built-in dev mailbox. */
export interface Mailer {
  readonly kind: "smtp" | "dev-mailbox";
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Words a person typed, for someone else's inbox (SECURITY.md 48): set apart as a quoted block under a line that says
 * whose they are, every line marked "> ", so nothing typed can pass for a line of ours.
 */
export function quotedBlock(author: string, words: string): string[] {
  return [`${author} wrote:`, ...words.split(/\r\n|\r|\n/).map((line) => `> ${line}`.trimEnd())];
}
