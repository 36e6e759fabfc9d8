import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The waitlist. Not user-owned (people join before they have an account), so no row-level security; only the
 * sign-in pool's role reaches it (migration 0040). The API never tells a caller anything about an entry.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Trimmed and lower case (the check below keeps it so). */
    email: text("email").notNull().unique(),
    referralCode: text("referral_code").notNull().unique(),
    referredBy: uuid("referred_by").references((): AnyPgColumn => waitlistEntries.id, { onDelete: "set null" }),
    /** Join order, 1, 2, 3… without gaps: assigned under an advisory lock, not by a sequence (see features/waitlist). */
    signupSeq: bigint("signup_seq", { mode: "number" }).notNull().unique(),
    foundingMember: boolean("founding_member").notNull().default(false),
    /** SHA-256 (hex) of the token in the e-mail's unsubscribe link; the token itself is never stored. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull().unique(),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("waitlist_entries_referred_by_idx").on(t.referredBy),
    check("waitlist_entries_email_normalised", sql`${t.email} = lower(btrim(${t.email}))`),
    check("waitlist_entries_not_self_referred", sql`${t.referredBy} IS NULL OR ${t.referredBy} <> ${t.id}`),
  ],
);

/** The links of a waiting address's earlier e-mails, kept working for a while after a reminder replaced them (0054). */
export const waitlistEarlierLinks = pgTable(
  "waitlist_earlier_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("waitlist_earlier_links_entry_idx").on(t.entryId)],
);
