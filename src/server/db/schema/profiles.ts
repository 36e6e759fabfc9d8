import { sql } from "drizzle-orm";
import { boolean, date, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** One row per user, created on first sign-in with onboarding_complete = false. Row-level secured. */
export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  firstName: text("first_name"),
  birthday: date("birthday", { mode: "string" }),
  /** Where the person lives, ISO 3166-1 alpha-2 (migration 0068): their country's crisis lines come first. */
  country: text("country"),
  legacyPreference: text("legacy_preference"),
  userIntents: text("user_intents")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  primaryIntent: text("primary_intent"),
  onboardingComplete: boolean("onboarding_complete").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
