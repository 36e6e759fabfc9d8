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
