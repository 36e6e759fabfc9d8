import type { Database } from "../../db/client";
import type { PlatformContext } from "../../platform/context";
import type { Mailer } from "../../platform/mail/mailer";

/** What the legacy services need: the database, the mailer, the address links point at, and the time. */
export interface LegacyDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}

/** The legacy services' needs from the app's context; the time is the context's clock. */
export const legacyDeps = (ctx: PlatformContext): LegacyDeps => ({ db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl, now: () => ctx.clock.now() });
