import { and, count, desc, eq, sql } from "drizzle-orm";
import type { MemoryCategory } from "../../../contract";
import type { Transaction } from "../../db/client";
import { aiReflections, memories, twinConversations, validationFeedback, voiceProfiles, voiceSessions } from "../../db/schema";
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
}

const int = (value: unknown) => Number(value ?? 0);

/** Counts over the person's own rows; call inside withUserScope so row-level security applies as well. */
export async function readPersonFigures(tx: Transaction, userId: string): Promise<PersonFigures> {
  const [memoryTotals] = await tx
    .select({
      total: count(),
      visible: sql<number>`count(*) FILTER (WHERE NOT ${memories.hiddenFromTwin})::int`,
      bytes: sql<number>`coalesce(sum(octet_length(${memories.content})), 0)::bigint`,
    })
    .from(memories)
    .where(eq(memories.userId, userId));
  const byCategory = await tx
    .select({ category: memories.category, count: count() })
    .from(memories)
    .where(eq(memories.userId, userId))
    .groupBy(memories.category);
  const [versionTotals] = await tx.execute<{ n: number; bytes: number }>(
    sql`SELECT count(*)::int AS n, coalesce(sum(octet_length(content)), 0)::bigint AS bytes FROM memory_versions WHERE user_id = ${userId}`,
  ).then((r) => r.rows);
  const [answers] = await tx
    .select({ total: count(), bytes: sql<number>`coalesce(sum(octet_length(${validationFeedback.statement}) + octet_length(${validationFeedback.response})), 0)::bigint` })
    .from(validationFeedback)
    .where(eq(validationFeedback.userId, userId));
  const [reflection] = await tx.select({ bytes: sql<number>`octet_length(${aiReflections.summary})` }).from(aiReflections).where(eq(aiReflections.userId, userId));
  const [voice] = await tx
    .select({
      total: count(),
      seconds: sql<number>`coalesce(sum(${voiceSessions.durationSeconds}), 0)::float8`,
      bytes: sql<number>`coalesce(sum(${voiceSessions.fileSize}), 0)::bigint`,
    })
    .from(voiceSessions)
    .where(eq(voiceSessions.userId, userId));
  const [profiles] = await tx
    .select({ total: count(), ready: sql<number>`count(*) FILTER (WHERE ${voiceProfiles.trainingStatus} = 'ready')::int` })
    .from(voiceProfiles)
    .where(eq(voiceProfiles.userId, userId));
  const [talk] = await tx
    .select({ total: count(), bytes: sql<number>`coalesce(sum(octet_length(${twinConversations.prompt}) + octet_length(${twinConversations.response})), 0)::bigint` })
    .from(twinConversations)
    .where(eq(twinConversations.userId, userId));
  return {
    memories: int(memoryTotals?.total),
    memoriesAvailableToTwin: int(memoryTotals?.visible),
    memoriesByCategory: Object.fromEntries(byCategory.map((r) => [r.category as MemoryCategory, r.count])),
    memoryVersions: int(versionTotals?.n),
    calibrationAnswers: int(answers?.total),
    hasReflection: reflection !== undefined,
    voiceSeconds: Number(voice?.seconds ?? 0),
    voiceSessions: int(voice?.total),
    voiceBytes: int(voice?.bytes),
    voiceProfiles: int(profiles?.total),
    cloneReady: int(profiles?.ready) > 0,
    conversations: int(talk?.total),
    textBytes:
      int(memoryTotals?.bytes) + int(versionTotals?.bytes) + int(answers?.bytes) + int(reflection?.bytes) + int(talk?.bytes),
  };
}

/** The person's most frequent emotion (ties: alphabetical), or null without memories. */
export async function readTopEmotion(tx: Transaction, userId: string): Promise<string | null> {
  const [top] = await tx
    .select({ emotion: memories.emotion })
    .from(memories)
    .where(and(eq(memories.userId, userId)))
    .groupBy(memories.emotion)
    .orderBy(desc(count()), memories.emotion)
    .limit(1);
  return top?.emotion ?? null;
}
