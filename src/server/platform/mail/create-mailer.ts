import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { createDevMailbox } from "./dev-mailbox";
import type { Mailer } from "./mailer";
import { createSmtpMailer } from "./smtp-mailer";

/** The one mailer selection, shared by the server and the admin command: SMTP when SMTP_URL is set, otherwise the dev mailbox. */
export function createMailer(config: Config, db: Database, print: ((line: string) => void) | null): Mailer {
  return config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createDevMailbox(db, print);
}
