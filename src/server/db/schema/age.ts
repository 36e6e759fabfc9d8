import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A person's stated date of birth (migration 0042, decision 0029): one row, written once by the person (or at sign-up),
 * corrected only by support. 13–17 carry the guardian asked and when they agreed.
 */
export const ageChecks = pgTable(
  "age_checks",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    birthDate: date("birth_date", { mode: "string" }).notNull(),
    statedAt: timestamp("stated_at", { withTimezone: true }).notNull().defaultNow(),
    statedBy: text("stated_by").$type<"self" | "support">().notNull().default("self"),
    guardianEmail: text("guardian_email"),
    guardianConfirmedAt: timestamp("guardian_confirmed_at", { withTimezone: true }),
    correctionNote: text("correction_note"),
  },
  (t) => [
    check("age_checks_stated_by_known", sql`${t.statedBy} IN ('self', 'support')`),
    check("age_checks_plausible", sql`${t.birthDate} >= DATE '1900-01-01'`),
    check("age_checks_guardian_confirmed_named", sql`${t.guardianConfirmedAt} IS NULL OR ${t.guardianEmail} IS NOT NULL`),
  ],
);

/** A guardian's consent asked and not yet given; a sign-up's is sealed with the e-mailed token (nothing readable kept). */
export const ageGuardianRequests = pgTable(
  "age_guardian_requests",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    sealed: text("sealed"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("age_guardian_requests_user_id_idx").on(t.userId),
    index("age_guardian_requests_expires_at_idx").on(t.expiresAt),
    check("age_guardian_requests_token_hash_hex", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check("age_guardian_requests_one_kind", sql`(${t.userId} IS NULL) <> (${t.sealed} IS NULL)`),
  ],
);
