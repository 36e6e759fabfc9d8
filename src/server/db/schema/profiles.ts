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
