import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { PERSONALITY_ITEM_COUNT } from "../../../contract";
import { aiReflections, consciousnessTraits, personalityAttempts, twinConversations, validationFeedback, voiceProfiles, voiceSessions } from "../../db/schema";
import type { PersonCounts } from "./formulas";

export interface PersonFigures extends PersonCounts {
  memoriesAvailableToTwin: number;
  voiceSessions: number;
  voiceBytes: number;
  cloneReady: boolean;
  conversations: number;
  /** Bytes of everything the person wrote (memories with their history, answers, conversations, reflection). */
  textBytes: number;
  memoryVersions: number;
  voiceProfiles: number;
  /** The person's most frequent emotion (ties: alphabetical), or null without memories. */
  topEmotion: string | null;
}

const int = (value: unknown) => Number(value ?? 0);

type FigureRow = {
  memories: number;
  visible: number;
  by_category: Record<string, number> | null;
  top_emotion: string | null;
  memory_bytes: string;
  versions: number;
  version_bytes: string;
  answers: number;
  answer_bytes: string;
  reflection_bytes: number | null;
  voice_sessions: number;
  voice_seconds: number;
  voice_bytes: string;
  profiles: number;
  profiles_ready: number;
  conversations: number;
  conversation_bytes: string;
  questionnaire: number;
  mapped: Record<string, number> | null;
};

/**
 * Counts over the person's own rows, in one statement (one round trip, one snapshot); call inside withUserScope so
 * row-level security applies as well. Memory counts come from the maintained counters (migration 0015), so only the
 * byte sums read the vault itself.
 */
export async function readPersonFigures(tx: Transaction, userId: string): Promise<PersonFigures> {
  const result = await tx.execute<FigureRow>(sql`
    SELECT
      (SELECT coalesce(sum(n), 0) FROM memory_counts WHERE user_id = ${userId})::int AS memories,
      (SELECT coalesce(sum(n) FILTER (WHERE NOT hidden_from_twin), 0) FROM memory_counts WHERE user_id = ${userId})::int AS visible,
      (SELECT json_object_agg(category, n) FROM (SELECT category, sum(n)::int AS n FROM memory_counts WHERE user_id = ${userId} GROUP BY category) AS c) AS by_category,
      (SELECT emotion FROM memory_counts WHERE user_id = ${userId} GROUP BY emotion HAVING sum(n) > 0 ORDER BY sum(n) DESC, emotion LIMIT 1) AS top_emotion,
      (SELECT coalesce(sum(octet_length(content)), 0) FROM memories WHERE user_id = ${userId})::bigint AS memory_bytes,
      (SELECT count(*) FROM memory_versions WHERE user_id = ${userId})::int AS versions,
      (SELECT coalesce(sum(octet_length(content)), 0) FROM memory_versions WHERE user_id = ${userId})::bigint AS version_bytes,
      (SELECT count(*) FROM ${validationFeedback} WHERE user_id = ${userId})::int AS answers,
      (SELECT coalesce(sum(octet_length(statement) + octet_length(response)), 0) FROM ${validationFeedback} WHERE user_id = ${userId})::bigint AS answer_bytes,
      (SELECT octet_length(summary) FROM ${aiReflections} WHERE user_id = ${userId}) AS reflection_bytes,
      (SELECT count(*) FROM ${voiceSessions} WHERE user_id = ${userId} AND purpose <> 'consent')::int AS voice_sessions,
      (SELECT coalesce(sum(duration_seconds), 0) FROM ${voiceSessions} WHERE user_id = ${userId} AND purpose <> 'consent')::float8 AS voice_seconds,
      (SELECT coalesce(sum(file_size), 0) FROM ${voiceSessions} WHERE user_id = ${userId})::bigint AS voice_bytes,
      (SELECT count(*) FROM ${voiceProfiles} WHERE user_id = ${userId})::int AS profiles,
      (SELECT count(*) FILTER (WHERE training_status = 'ready') FROM ${voiceProfiles} WHERE user_id = ${userId})::int AS profiles_ready,
      (SELECT count(*) FROM ${twinConversations} WHERE user_id = ${userId})::int AS conversations,
      (SELECT coalesce(sum(octet_length(prompt) + octet_length(response)), 0) FROM ${twinConversations} WHERE user_id = ${userId})::bigint AS conversation_bytes,
      (SELECT CASE WHEN EXISTS (SELECT 1 FROM ${personalityAttempts} WHERE user_id = ${userId} AND completed_at IS NOT NULL) THEN ${PERSONALITY_ITEM_COUNT}
              ELSE coalesce((SELECT ${PERSONALITY_ITEM_COUNT} - cardinality(array_positions(answers, NULL)) FROM ${personalityAttempts} WHERE user_id = ${userId} AND completed_at IS NULL), 0) END)::int AS questionnaire,
      (SELECT json_object_agg(category, cardinality(traits)) FROM ${consciousnessTraits} WHERE user_id = ${userId}) AS mapped
  `);
  const row = result.rows[0]!;
  return {
    memories: int(row.memories),
    memoriesAvailableToTwin: int(row.visible),
    memoriesByCategory: (row.by_category ?? {}) as PersonFigures["memoriesByCategory"],
    topEmotion: row.top_emotion,
    memoryVersions: int(row.versions),
    calibrationAnswers: int(row.answers),
    hasReflection: row.reflection_bytes !== null,
    questionnaireAnswered: int(row.questionnaire),
    mappedTraits: (row.mapped ?? {}) as PersonFigures["mappedTraits"],
    voiceSeconds: Number(row.voice_seconds ?? 0),
    voiceSessions: int(row.voice_sessions),
    voiceBytes: int(row.voice_bytes),
    voiceProfiles: int(row.profiles),
    cloneReady: int(row.profiles_ready) > 0,
    conversations: int(row.conversations),
    textBytes: int(row.memory_bytes) + int(row.version_bytes) + int(row.answer_bytes) + int(row.reflection_bytes) + int(row.conversation_bytes),
  };
}
