import type { Database } from "../../db/client";
import type { Mailer } from "../../platform/mail/mailer";

/** What the legacy services need: the database, the mailer, the address links point at, and the time. */
export interface LegacyDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}
