import { desc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { devMailbox } from "../../db/schema";
import type { Mailer, OutgoingMail } from "./mailer";

/**
 * The mailbox used when no SMTP server is configured: every message is stored in PostgreSQL,
 * readable at /dev/mailbox in development, and (in development only) printed to the console.
 */
export function createDevMailbox(db: Database, print: ((line: string) => void) | null): Mailer {
  return {
    kind: "dev-mailbox",
    async send(mail: OutgoingMail) {
      await db.insert(devMailbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
      print?.(`\n--- Dev mailbox: to ${mail.to} — ${mail.subject} ---\n${mail.text}\n--- end ---\n`);
    },
  };
}

export async function listDevMailbox(db: Database, limit = 50) {
  return db.select().from(devMailbox).orderBy(desc(devMailbox.createdAt)).limit(limit);
}
