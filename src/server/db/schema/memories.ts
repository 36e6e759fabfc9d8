import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** The unique index that keeps one capture answer per recording (migration 0053); its name is how a conflict is told. */
export const CAPTURE_RECORDING_ONCE = "memories_capture_recording_once";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
// Kept here as literals (not imported from the contract) so a migration never changes because a label did.
const EMOTIONS = ["Joy", "Love", "Pride", "Excitement", "Reflection", "Sadness", "Anger", "Fear", "Surprise", "Nostalgia"];
const CATEGORIES = ["personal", "family", "career", "relationships", "achievements", "travel", "learning", "creative"];

/**
 * A person's memories. Row-level secured. `search_vector` (generated tsvector, GIN) and the trigram index on
 * `content` are added by the custom migration 0006, because drizzle cannot express a generated tsvector over an
 * array or the pg_trgm operator class; queries reach them through raw SQL in features/memories.
 */
export const memories = pgTable(
  "memories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    emotion: text("emotion").notNull(),
    category: text("category").notNull().default("personal"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emotionalIntensity: integer("emotional_intensity").notNull().default(5),
    authenticityScore: integer("authenticity_score").notNull(),
    hiddenFromTwin: boolean("hidden_from_twin").notNull().default(false),
    visibility: text("visibility").notNull().default("private"),
    /** Sealed from everyone but the owner until this calendar day (UTC), or until this many days after release. */
    sealedUntil: date("sealed_until", { mode: "string" }),
    sealedDaysAfterRelease: integer("sealed_days_after_release"),
    version: integer("version").notNull().default(1),
    /**
     * When it happened, as precisely as the person knows it: "1998", "1998-06" or "1998-06-14" (migration 0037);
     * null when not given. ISO text sorts in time order at any precision, and its first three digits are the decade.
     */
    happenedOn: text("happened_on"),
    /** The question a captured memory answers (migration 0034); null for one written in the vault. */
    context: text("context"),
    capturePromptId: text("capture_prompt_id"),
    /** The recording a captured memory was spoken in; set to null when the recording is deleted. */
    voiceSessionId: uuid("voice_session_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Matches the vault's order (newest first, id as tie-breaker; PostgreSQL's DESC puts nulls first) so a page of 50
    // is read straight from the index, and the export's oldest-first pages read it backwards.
    index("memories_user_id_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("memories_emotion_known", sql`${t.emotion} IN (${inList(EMOTIONS)})`),
    check("memories_category_known", sql`${t.category} IN (${inList(CATEGORIES)})`),
    check("memories_visibility_known", sql`${t.visibility} IN ('private', 'family', 'twin-only', 'public')`),
    check("memories_seal_one_kind", sql`${t.sealedUntil} IS NULL OR ${t.sealedDaysAfterRelease} IS NULL`),
    check("memories_seal_days_range", sql`${t.sealedDaysAfterRelease} BETWEEN 1 AND 36500`),
    check("memories_happened_on_shape", sql`${t.happenedOn} ~ '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$'`),
    index("memories_user_id_happened_idx").on(t.userId, t.happenedOn),
    // One capture answer per recording (migration 0053): two tabs saving the same kept recording make one memory.
    // A recording linked to a memory in the vault (no question) may be linked to several.
    uniqueIndex(CAPTURE_RECORDING_ONCE).on(t.voiceSessionId).where(sql`${t.capturePromptId} IS NOT NULL AND ${t.voiceSessionId} IS NOT NULL`),
    check("memories_intensity_range", sql`${t.emotionalIntensity} BETWEEN 1 AND 10`),
    check("memories_authenticity_range", sql`${t.authenticityScore} BETWEEN 0 AND 100`),
  ],
);

/** Append-only history: every create and every edit stores the memory's full new state. Row-level secured. */
export const memoryVersions = pgTable(
  "memory_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memoryId: uuid("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    content: text("content").notNull(),
    emotion: text("emotion").notNull(),
    category: text("category").notNull(),
    tags: text("tags").array().notNull(),
    emotionalIntensity: integer("emotional_intensity").notNull(),
    happenedOn: text("happened_on"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("memory_versions_memory_id_idx").on(t.memoryId, t.version),
    index("memory_versions_user_id_idx").on(t.userId),
  ],
);

/**
 * A memory's common columns as a raw SQL select of `m.id, m.content, …` returns them (snake_case, dates as text): the
 * one shape the readers that write their own SQL (the twin's retrieval, the legacy's pages) extend with what they add.
 */
// A type, not an interface: drizzle's execute<T> asks for a record, which an interface never is.
export type MemorySqlRow = {
  id: string;
  content: string;
  emotion: string;
  category: string;
  tags: string[];
  happened_on: string | null;
  created_at: string;
};
