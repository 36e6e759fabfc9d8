import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { createMemorySchema, Memory, MemoryVersion, setMemoriesAudienceSchema, updateMemorySchema } from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { CAPTURE_RECORDING_ONCE, memories, memoryVersions, profiles, voiceSessions } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { computeAuthenticityScore } from "./authenticity";
import { captureMessages, memoryIdSchema, voiceMessages, type MemoryVisibility } from "../../../contract";
import { AppError } from "../../platform/errors";
import { pgConstraint, pgErrorCode } from "../../platform/pg-error-code";
import { memoryNotFound, parseMemoryId, sealColumns, sealOf, toMemory, toMemoryVersion, type MemoryRow } from "./memory-shape";

/** The memory form's fields; a capture session's answer also brings its question, which prompt, and its recording. */
type CreateInput = z.output<typeof createMemorySchema> & { context?: string; capturePromptId?: string; voiceSessionId?: string | null };
type AudienceInput = z.output<typeof setMemoriesAudienceSchema>;

/** A new memory's audience when none is given: the profile's legacy preference, which has the same names. */
async function defaultVisibility(tx: Transaction, userId: string): Promise<MemoryVisibility> {
  const [profile] = await tx.select({ legacy: profiles.legacyPreference }).from(profiles).where(eq(profiles.userId, userId));
  const legacy = profile?.legacy;
  return legacy === "family" || legacy === "public" ? legacy : "private";
}
type UpdateInput = z.output<typeof updateMemorySchema>;

/** Appends the memory's current state to its history (the only way versions are written). */
async function appendVersion(tx: Transaction, row: MemoryRow): Promise<void> {
  await tx.insert(memoryVersions).values({
    memoryId: row.id,
    userId: row.userId,
    version: row.version,
    content: row.content,
    emotion: row.emotion,
    category: row.category,
    tags: row.tags,
    emotionalIntensity: row.emotionalIntensity,
    happenedOn: row.happenedOn,
  });
}

class AlreadyCreated extends Error {}

/**
 * Stores a new memory for the user with its computed authenticity score, and its version 1 in the history. With an
 * idempotency key already used by this person, nothing is stored and the memory stored then is returned (`created`
 * false): a retry after a lost answer never makes a second copy, even when both attempts run at the same time.
 */
export async function createMemory(db: Database, userId: string, input: CreateInput, idempotencyKey?: string): Promise<Memory & { created?: boolean }> {
  try {
    return await withUserScope(db, userId, async (tx) => {
      const authenticityScore = computeAuthenticityScore(input.content, input.tags);
      const { seal, visibility, ...fields } = input;
      const [row] = await tx
        .insert(memories)
        .values({ userId, ...fields, visibility: visibility ?? (await defaultVisibility(tx, userId)), ...sealColumns(seal), authenticityScore })
        .returning();
      if (!row) throw new Error("memory insert returned nothing");
      await appendVersion(tx, row);
      if (idempotencyKey) {
        // A concurrent attempt with the same key waits here for the first to commit, then finds the key taken.
        const claimed = await tx.execute(sql`
          INSERT INTO memory_idempotency_keys (user_id, key, memory_id) VALUES (${userId}, ${idempotencyKey}, ${row.id})
          ON CONFLICT (user_id, key) DO NOTHING RETURNING key`);
        if (claimed.rows.length === 0) throw new AlreadyCreated();
      }
      return { ...toMemory(row), created: true };
    });
  } catch (error) {
    // A retry running alongside the first attempt may also meet a uniqueness the first attempt's memory now holds (a
    // capture answer's recording, memories_capture_recording_once) before it reaches the key: with the key taken, it is
    // the same retry, and gets the first memory too. Without the key taken, the conflict is the caller's to say.
    const conflict = error instanceof AlreadyCreated || pgErrorCode(error) === "23505";
    if (!conflict || !idempotencyKey) throw error;
    const earlier = await withUserScope(db, userId, (tx) =>
      tx.execute<{ memory_id: string }>(sql`SELECT memory_id FROM memory_idempotency_keys WHERE user_id = ${userId} AND key = ${idempotencyKey}`),
    );
    const memoryId = earlier.rows[0]?.memory_id;
    // Key taken but its memory gone (deleted between the two transactions): not found, as a plain retry would be.
    if (!memoryId) throw error instanceof AlreadyCreated ? memoryNotFound() : error;
    return { ...(await getMemory(db, userId, memoryId)), created: false };
  }
}

/** One of the user's own memories; anything else is memory_not_found. */
export async function getMemory(db: Database, userId: string, rawId: string | undefined): Promise<Memory> {
  const id = parseMemoryId(rawId);
  const [row] = await withUserScope(db, userId, (tx) => tx.select().from(memories).where(and(eq(memories.id, id), eq(memories.userId, userId))));
  if (!row) throw memoryNotFound();
  return toMemory(row);
}

/** Every stored version of one of the user's memories, oldest first. */
export async function listMemoryVersions(db: Database, userId: string, rawId: string | undefined): Promise<MemoryVersion[]> {
  const id = parseMemoryId(rawId);
  return withUserScope(db, userId, async (tx) => {
    const [owned] = await tx.select({ id: memories.id }).from(memories).where(and(eq(memories.id, id), eq(memories.userId, userId)));
    if (!owned) throw memoryNotFound();
    const rows = await tx
      .select()
      .from(memoryVersions)
      .where(and(eq(memoryVersions.memoryId, id), eq(memoryVersions.userId, userId)))
      .orderBy(asc(memoryVersions.version));
    return rows.map(toMemoryVersion);
  });
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/**
 * Applies an edit to one of the user's memories. A change to content, emotion, category, tags, intensity or when it
 * happened bumps
 * `version`, recomputes authenticity and appends the new state to the history; hiding or unhiding, the audience and
 * the seal are about who may reach the memory, not what it says, and make no new version.
 */
export async function updateMemory(db: Database, userId: string, rawId: string | undefined, patch: UpdateInput): Promise<Memory> {
  const id = parseMemoryId(rawId);
  return withUserScope(db, userId, async (tx) => {
    // FOR UPDATE: two edits at once must not both become the same version number.
    const [current] = await tx.select().from(memories).where(and(eq(memories.id, id), eq(memories.userId, userId))).for("update");
    if (!current) throw memoryNotFound();
    const next = {
      content: patch.content ?? current.content,
      emotion: patch.emotion ?? current.emotion,
      category: patch.category ?? current.category,
      tags: patch.tags ?? current.tags,
      emotionalIntensity: patch.emotionalIntensity ?? current.emotionalIntensity,
      happenedOn: patch.happenedOn === undefined ? current.happenedOn : patch.happenedOn,
    };
    const isContentChange =
      next.content !== current.content ||
      next.emotion !== current.emotion ||
      next.category !== current.category ||
      !sameTags(next.tags, current.tags) ||
      next.emotionalIntensity !== current.emotionalIntensity ||
      next.happenedOn !== current.happenedOn;
    if (patch.recordingId) {
      // Only one of the owner's own recordings, never the voice consent: what a reader may come to hear on this memory.
      const [own] = await tx
        .select({ purpose: voiceSessions.purpose })
        .from(voiceSessions)
        .where(and(eq(voiceSessions.id, patch.recordingId), eq(voiceSessions.userId, userId)));
      if (own?.purpose !== "training") throw new AppError("voice_session_not_found", voiceMessages.sessionNotFound);
    }
    const reach = {
      voiceSessionId: patch.recordingId === undefined ? current.voiceSessionId : patch.recordingId,
      hiddenFromTwin: patch.hiddenFromTwin ?? current.hiddenFromTwin,
      visibility: patch.visibility ?? current.visibility,
      ...sealColumns(patch.seal === undefined ? sealOf(current) : patch.seal),
    };
    const isReachChange =
      reach.voiceSessionId !== current.voiceSessionId ||
      reach.hiddenFromTwin !== current.hiddenFromTwin ||
      reach.visibility !== current.visibility ||
      reach.sealedUntil !== current.sealedUntil ||
      reach.sealedDaysAfterRelease !== current.sealedDaysAfterRelease;
    if (!isContentChange && !isReachChange) return toMemory(current);
    const changes = isContentChange
      ? { ...next, ...reach, version: current.version + 1, authenticityScore: computeAuthenticityScore(next.content, next.tags) }
      : reach;
    const [row] = await tx
      .update(memories)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(memories.id, id), eq(memories.userId, userId)))
      .returning()
      .catch((error: unknown) => {
        // A capture answer given a recording that another capture answer was spoken in (one answer per recording).
        if (pgConstraint(error) === CAPTURE_RECORDING_ONCE) {
          throw new AppError("capture_answer_exists", captureMessages.recordingAnswersAnother, { fields: { recordingId: captureMessages.recordingAnswersAnother } });
        }
        throw error;
      });
    if (!row) throw memoryNotFound();
    if (isContentChange) await appendVersion(tx, row);
    return toMemory(row);
  });
}

/** Deletes one of the user's memories; its history goes with it (foreign-key cascade). */
export async function deleteMemory(db: Database, userId: string, rawId: string | undefined): Promise<void> {
  const id = parseMemoryId(rawId);
  const deleted = await withUserScope(db, userId, (tx) =>
    tx.delete(memories).where(and(eq(memories.id, id), eq(memories.userId, userId))).returning({ id: memories.id }),
  );
  if (deleted.length === 0) throw memoryNotFound();
}

/**
 * Gives several of the user's memories one audience, in one transaction: when any id is not one of theirs (unknown,
 * malformed, another person's), nothing changes and the answer is memory_not_found.
 */
export async function setMemoriesAudience(db: Database, userId: string, input: AudienceInput): Promise<{ updated: number }> {
  const ids = [...new Set(input.ids)];
  if (!ids.every((id) => memoryIdSchema.safeParse(id).success)) throw memoryNotFound();
  return withUserScope(db, userId, async (tx) => {
    const rows = await tx
      .update(memories)
      .set({ visibility: input.visibility, updatedAt: sql`now()` })
      .where(and(eq(memories.userId, userId), inArray(memories.id, ids)))
      .returning({ id: memories.id });
    // Throwing rolls the whole change back.
    if (rows.length !== ids.length) throw memoryNotFound();
    return { updated: rows.length };
  });
}
