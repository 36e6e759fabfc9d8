import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** The person's own answers to calibration scenarios: how they would respond, in their words. Row-level secured. */
export const validationFeedback = pgTable(
  "digital_twin_validation_feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    statement: text("statement").notNull(),
    response: text("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("validation_feedback_user_id_idx").on(t.userId, t.createdAt)],
);

/** The latest AI reflection of a person (one per user; regenerating replaces it). Row-level secured. */
export const aiReflections = pgTable("ai_reflections", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  summary: text("summary").notNull(),
  traitsUsed: text("traits_used")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  modelName: text("model_name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
