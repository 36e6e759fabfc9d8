import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** One taking of the IPIP-NEO-120 (migration 0032): answers as given, completed once all 120 are in. */
export const personalityAttempts = pgTable(
  "personality_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    inventory: text("inventory").notNull().default("ipip-neo-120"),
    /** answers[n − 1] is statement n's answer (1–5), null while unanswered. */
    answers: smallint("answers").array().notNull().default(sql`array_fill(NULL::smallint, ARRAY[120])`),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    normSex: text("norm_sex"),
    normAgeBand: text("norm_age_band"),
  },
  (t) => [
    uniqueIndex("personality_attempts_one_open").on(t.userId).where(sql`${t.completedAt} IS NULL`),
    index("personality_attempts_user_completed").on(t.userId, t.completedAt),
    check("personality_attempts_inventory_known", sql`${t.inventory} = 'ipip-neo-120'`),
  ],
);

/** Every domain ('O') and facet ('O3') score of a completed questionnaire. */
export const traitScores = pgTable(
  "trait_scores",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => personalityAttempts.id, { onDelete: "cascade" }),
    trait: text("trait").notNull(),
    raw: smallint("raw").notNull(),
    percentile: smallint("percentile").notNull(),
    level: text("level").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("trait_scores_attempt_trait").on(t.attemptId, t.trait), index("trait_scores_user").on(t.userId)],
);

/** The traits the latest profile adds to each consciousness-mapping domain. */
export const consciousnessTraits = pgTable(
  "consciousness_traits",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    traits: text("traits").array().notNull().default(sql`'{}'`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "consciousness_traits_pk", columns: [t.userId, t.category] })],
);

/** A choice in a decision scenario (migration 0033): the first answer with the twin's prediction, or a later retest. */
export const scenarioAnswers = pgTable(
  "scenario_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    scenarioId: text("scenario_id").notNull(),
    kind: text("kind").$type<"first" | "retest">().notNull(),
    /** The option chosen, 1-based. */
    choice: smallint("choice").notNull(),
    words: text("words").notNull().default(""),
    /** The twin's predicted option (first answers only), made before the answer was stored; null: nothing to go on. */
    predicted: smallint("predicted"),
    basis: text("basis").array().$type<Array<"profile" | "choices" | "memories" | "calibration">>().notNull().default(sql`'{}'`),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("scenario_answers_once").on(t.userId, t.scenarioId, t.kind)],
);
