import { memoryIdSchema, memoryMessages, type Memory, type MemorySeal, type MemoryVersion } from "../../../contract";
import type { memories, memoryVersions } from "../../db/schema";
import { AppError } from "../../platform/errors";

export type MemoryRow = typeof memories.$inferSelect;
type VersionRow = typeof memoryVersions.$inferSelect;

/** Unknown, malformed and other people's ids all answer the same 404, so nobody learns whether a memory exists. */
export const memoryNotFound = () => new AppError("memory_not_found", memoryMessages.notFound);

/** The id from the path as a uuid, or the memory_not_found error (never a 400 or a database cast error). */
export function parseMemoryId(raw: string | undefined): string {
  const parsed = memoryIdSchema.safeParse(raw);
  if (!parsed.success) throw memoryNotFound();
  return parsed.data;
}

/** The seal's two columns as the contract's one field (the database allows at most one of them). */
export function sealOf(row: Pick<MemoryRow, "sealedUntil" | "sealedDaysAfterRelease">): MemorySeal | null {
  if (row.sealedUntil !== null) return { kind: "until", date: row.sealedUntil };
  if (row.sealedDaysAfterRelease !== null) return { kind: "daysAfterRelease", days: row.sealedDaysAfterRelease };
  return null;
}

/** The contract's seal as the two columns. */
export const sealColumns = (seal: MemorySeal | null) => ({
  sealedUntil: seal?.kind === "until" ? seal.date : null,
  sealedDaysAfterRelease: seal?.kind === "daysAfterRelease" ? seal.days : null,
});

// The database's check constraints hold emotion, category and visibility to the contract's lists.
export function toMemory(row: MemoryRow): Memory {
  return {
    id: row.id,
    content: row.content,
    emotion: row.emotion as Memory["emotion"],
    category: row.category as Memory["category"],
    tags: row.tags,
    emotionalIntensity: row.emotionalIntensity,
    authenticityScore: row.authenticityScore,
    hiddenFromTwin: row.hiddenFromTwin,
    visibility: row.visibility as Memory["visibility"],
    seal: sealOf(row),
    happenedOn: row.happenedOn,
    version: row.version,
    context: row.context,
    recordingId: row.voiceSessionId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMemoryVersion(row: VersionRow): MemoryVersion {
  return {
    id: row.id,
    version: row.version,
    content: row.content,
    emotion: row.emotion as MemoryVersion["emotion"],
    category: row.category as MemoryVersion["category"],
    tags: row.tags,
    emotionalIntensity: row.emotionalIntensity,
    happenedOn: row.happenedOn,
    createdAt: row.createdAt.toISOString(),
  };
}
