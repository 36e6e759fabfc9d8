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
      print?.(devMailBlock(mail));
    },
  };
}

/**
 * A mail as a block that stands out among log lines: a framed header, the text, and any sign-in or invitation link
 * repeated on its own line at the end, where a person looking for it finds it.
 */
export function devMailBlock(mail: OutgoingMail): string {
  const rule = "═".repeat(72);
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const lines = [``, `╔${rule}`, `║ Dev mailbox · to ${mail.to}`, `║ ${mail.subject}`, `╟${"─".repeat(72)}`, ...mail.text.split("\n").map((l) => `║ ${l}`)];
  if (links.length > 0) lines.push(`╟${"─".repeat(72)}`, ...links.map((l) => `║ ➜ ${l}`));
  lines.push(`╚${rule}`, ``);
  return lines.join("\n");
}

export async function listDevMailbox(db: Database, limit = 50) {
  return db.select().from(devMailbox).orderBy(desc(devMailbox.createdAt)).limit(limit);
}
