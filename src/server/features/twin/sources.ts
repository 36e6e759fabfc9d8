import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { TwinSourceRef } from "../../../contract";
import type { Transaction } from "../../db/client";
import { memories, validationFeedback, type TwinLineage } from "../../db/schema";

export const sourceLabel = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 60 ? `${flat.slice(0, 60).trimEnd()}…` : flat;
};

/**
 * "Based on: …" for stored answers: each cited id with a short label, or marked unavailable (with `gone`'s words) once
 * it can no longer be read: deleted, or, for a visitor reading through their policy, no longer shared with them.
 */
export async function resolveSources(
  tx: Transaction,
  userId: string,
  lineages: Array<TwinLineage | null>,
  gone = { memory: "A memory you have since deleted", answer: "An answer you have since deleted" },
): Promise<Map<string, TwinSourceRef>> {
  const memoryIds = [...new Set(lineages.flatMap((l) => l?.memoryIds ?? []))];
  const answerIds = [...new Set(lineages.flatMap((l) => l?.calibrationIds ?? []))];
  const refs = new Map<string, TwinSourceRef>();
  if (memoryIds.length > 0) {
    const rows = await tx.select({ id: memories.id, content: memories.content }).from(memories).where(and(eq(memories.userId, userId), inArray(memories.id, memoryIds)));
    for (const r of rows) refs.set(r.id, { kind: "memory", id: r.id, label: sourceLabel(r.content), available: true });
  }
  if (answerIds.length > 0) {
    const rows = await tx
      .select({ id: validationFeedback.id, statement: validationFeedback.statement })
      .from(validationFeedback)
      .where(and(eq(validationFeedback.userId, userId), inArray(validationFeedback.id, answerIds)));
    for (const r of rows) refs.set(r.id, { kind: "calibration", id: r.id, label: sourceLabel(r.statement), available: true });
  }
  for (const id of memoryIds) if (!refs.has(id)) refs.set(id, { kind: "memory", id, label: gone.memory, available: false });
  for (const id of answerIds) if (!refs.has(id)) refs.set(id, { kind: "calibration", id, label: gone.answer, available: false });
  return refs;
}

export const sourcesOf = (lineage: TwinLineage | null, refs: Map<string, TwinSourceRef>): TwinSourceRef[] =>
  [...(lineage?.memoryIds ?? []), ...(lineage?.calibrationIds ?? [])].map((id) => refs.get(id)).filter((r): r is TwinSourceRef => Boolean(r));

/**
 * Who is hearing, for `withOwnRecordings`: the reader rule's condition on `memories m` (memoryAccessSql, "see") and
 * whether the owner's recordings audience reaches this reader, as the recording routes ask them.
 */
export interface OwnRecordingReader {
  sees: SQL;
  hears: SQL;
}

/** The recordings audience reaches a contact (legacy_reader_story(), in the reader's scope). */
export const contactHears = sql`EXISTS (SELECT 1 FROM legacy_reader_story() s WHERE s.recordings_audience IN ('contacts-after-release', 'public-memorial'))`;
/** The recordings audience reaches the public (memorial_story(), in the memorial's scope). */
export const publicHears = sql`EXISTS (SELECT 1 FROM memorial_story() s WHERE s.recordings_audience = 'public-memorial')`;

/**
 * The cited memories a reader may hear the owner tell, each with its recording's length. The reader rule and the
 * audience are asked here, as the recording routes ask them; run in the reader's or the memorial's scope, the
 * voice_sessions policies there (migration 0048) check it again.
 */
export async function withOwnRecordings(tx: Transaction, ownerId: string, refs: TwinSourceRef[], reader: OwnRecordingReader): Promise<TwinSourceRef[]> {
  const ids = refs.filter((r) => r.kind === "memory" && r.available).map((r) => r.id);
  if (ids.length === 0) return refs;
  const rows = await tx.execute<{ id: string; seconds: number }>(sql`
    SELECT m.id, v.duration_seconds AS seconds FROM memories m JOIN voice_sessions v ON v.id = m.voice_session_id AND v.user_id = m.user_id
     WHERE m.user_id = ${ownerId} AND m.id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) AND ${reader.sees} AND ${reader.hears}`);
  const seconds = new Map(rows.rows.map((r) => [r.id, Number(r.seconds)]));
  return refs.map((r) => (r.kind === "memory" && seconds.has(r.id) ? { ...r, recordingSeconds: seconds.get(r.id)! } : r));
}
