import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Where a twin answer came from: the material it used, the model, and how long each part took. */
export interface TwinLineage {
  memoryIds: string[];
  calibrationIds: string[];
  traits: string[];
  provider: string;
  retrievalMs: number;
  generationMs: number;
}

/** What a stored answer is (the contract's twinAnswerKinds, kept as literals here like every stored enum). */
export type StoredAnswerKind = "answer" | "support" | "identity" | "notice";

/**
 * The conversation with the twin, one row per message (`user` or `ai`), oldest first. Row-level secured.
 * A twin message carries its lineage and a grounding score.
 */
export const twinConversations = pgTable(
  "twin_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    messageType: text("message_type").notNull(),
    prompt: text("prompt").notNull(),
    response: text("response").notNull().default(""),
    authenticityScore: integer("authenticity_score"),
    feedback: text("feedback"),
    lineage: jsonb("lineage").$type<TwinLineage>(),
    modelName: text("model_name"),
    /** Whether this answer carried the notice that the twin is an AI (migration 0045: start of a session, then every 3 hours). */
    aiNotice: boolean("ai_notice").notNull().default(false),
    /** Mindprint's crisis check-in was said before this answer (issue 42). */
    checkIn: boolean("check_in").notNull().default(false),
    /** That check-in was raised by the conversation, not by the message alone (migration 0068: once a conversation). */
    checkInByContext: boolean("check_in_by_context").notNull().default(false),
    /** What an answer is (migration 0056): the twin's own, or a message Mindprint gave instead; null for questions. */
    kind: text("kind").$type<StoredAnswerKind>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("twin_conversations_user_id_idx").on(t.userId, t.createdAt),
    check("twin_conversations_type_known", sql`${t.messageType} IN ('user', 'ai')`),
    check("twin_conversations_kind_known", sql`(${t.messageType} = 'ai' AND ${t.kind} IS NOT NULL AND ${t.kind} IN ('answer', 'support', 'identity', 'notice')) OR (${t.messageType} <> 'ai' AND ${t.kind} IS NULL)`),
    check("twin_conversations_feedback_known", sql`${t.feedback} IS NULL OR ${t.feedback} IN ('up', 'down')`),
    check("twin_conversations_score_range", sql`${t.authenticityScore} IS NULL OR ${t.authenticityScore} BETWEEN 0 AND 100`),
  ],
);

/**
 * The latest computed insight of each kind per person (memory patterns, values), regenerated on request.
 * Row-level secured.
 */
export const twinInsights = pgTable(
  "twin_insights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("twin_insights_user_kind_idx").on(t.userId, t.kind),
    check("twin_insights_kind_known", sql`${t.kind} IN ('memory_insight', 'values_summary')`),
  ],
);

/**
 * The people in the person's life as they confirmed them (migration 0067, issue 58): a name and what that person is to
 * them ("husband", "sister"). The twin resolves a family member's kin words to these names. Row-level secured.
 */
export const people = pgTable(
  "people",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    relationship: text("relationship").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("people_user_name_relationship").on(t.userId, sql`lower(${t.name})`, sql`lower(${t.relationship})`)],
);
