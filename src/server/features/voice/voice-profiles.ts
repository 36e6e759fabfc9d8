import { and, desc, eq, gte, isNull, ne, or, sql } from "drizzle-orm";
import { NO_SPEECH_LABEL, VOICE_MIN_CLIP_SECONDS, VOICE_MIN_TRAINING_SECONDS, voiceCloneMessages, type CreateVoiceProfileRequest, type VoiceProfile, type VoiceProfiles } from "../../../contract";
import type { Transaction } from "../../db/client";
import { voiceProfiles, voiceSessions } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { enqueueJob } from "../../platform/jobs/job-queue";
import { VoiceEngineError } from "../../providers/voice/voice-engine";
import { requireConsent } from "./consent";
import { asDeletionError } from "./deletion-errors";
import { isUuid } from "../../platform/ids";

type ProfileRow = typeof voiceProfiles.$inferSelect;
export const TRAIN_VOICE_JOB = "voice.train";

const notFound = () => new AppError("voice_profile_not_found", voiceCloneMessages.profileNotFound);
/** A request that names no usable profile id at all. */
const missing = () => new AppError("voice_profile_not_found", voiceCloneMessages.missingProfile);

/** Sessions that can still train a voice: not attached to one, and long enough to be worth learning from. */
// A recording in which no one is heard speaking (a tone, silence, music) never trains a voice.
const eligibleSession = (userId: string) =>
  and(
    eq(voiceSessions.userId, userId),
    eq(voiceSessions.purpose, "training"),
    isNull(voiceSessions.voiceProfileId),
    gte(voiceSessions.durationSeconds, VOICE_MIN_CLIP_SECONDS),
    or(isNull(voiceSessions.qualityLabel), ne(voiceSessions.qualityLabel, NO_SPEECH_LABEL)),
  );

function present(row: ProfileRow, attached: { seconds: number; sessions: number } = { seconds: 0, sessions: 0 }): VoiceProfile {
  return {
    id: row.id,
    name: row.voiceName,
    description: row.voiceDescription,
    status: row.trainingStatus as VoiceProfile["status"],
    error: row.trainingError,
    provider: (row.provider as VoiceProfile["provider"]) ?? null,
    voiceId: row.providerVoiceId,
    similarity: row.similarityScore,
    submittedAt: row.trainingSubmittedAt?.toISOString() ?? null,
    completedAt: row.trainingCompletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    trainedSeconds: Math.round(attached.seconds * 10) / 10,
    sessionCount: attached.sessions,
  };
}

async function attachedTotals(tx: Transaction, userId: string): Promise<Map<string, { seconds: number; sessions: number }>> {
  const rows = await tx
    .select({ profileId: voiceSessions.voiceProfileId, seconds: sql<number>`sum(${voiceSessions.durationSeconds})::float8`, sessions: sql<number>`count(*)::int` })
    .from(voiceSessions)
    .where(and(eq(voiceSessions.userId, userId), sql`${voiceSessions.voiceProfileId} IS NOT NULL`))
    .groupBy(voiceSessions.voiceProfileId);
  return new Map(rows.map((r) => [r.profileId!, { seconds: Number(r.seconds), sessions: Number(r.sessions) }]));
}

async function lockOwnProfile(tx: Transaction, userId: string, id: string | undefined): Promise<ProfileRow> {
  if (!isUuid(id)) throw missing();
  const [row] = await tx.select().from(voiceProfiles).where(and(eq(voiceProfiles.id, id), eq(voiceProfiles.userId, userId))).for("update");
  if (!row) throw notFound();
  return row;
}

/**
 * Submits an unsubmitted profile for training, inside the caller's transaction: checks there are 60 s of eligible
 * audio, attaches those sessions, moves the profile to training and queues the durable job. Any refusal rolls the
 * whole transaction back, so nothing is half-submitted.
 */
async function submitForTraining(ctx: AppContext, tx: Transaction, userId: string, profile: ProfileRow): Promise<ProfileRow> {
  if (profile.trainingStatus !== "unsubmitted") throw new AppError("voice_already_submitted", voiceCloneMessages.alreadySubmitted);
  await requireConsent(tx, userId);
  const eligible = await tx.select({ id: voiceSessions.id, seconds: voiceSessions.durationSeconds }).from(voiceSessions).where(eligibleSession(userId)).for("update");
  const seconds = eligible.reduce((sum, s) => sum + s.seconds, 0);
  if (seconds < VOICE_MIN_TRAINING_SECONDS) throw new AppError("voice_not_enough_audio", voiceCloneMessages.notEnoughAudio);
  await tx.update(voiceSessions).set({ voiceProfileId: profile.id }).where(eligibleSession(userId));
  const [updated] = await tx
    .update(voiceProfiles)
    .set({ trainingStatus: "training", trainingSubmittedAt: new Date(), trainingError: null, trainingCompletedAt: null, provider: ctx.voice.current.provider })
    .where(eq(voiceProfiles.id, profile.id))
    .returning();
  await enqueueJob(tx, TRAIN_VOICE_JOB, { profileId: profile.id, userId });
  return updated!;
}

/** Creates the clone and submits it for training in one transaction. */
export async function createVoiceProfile(ctx: AppContext, userId: string, input: CreateVoiceProfileRequest): Promise<VoiceProfile> {
  const result = await withUserScope(ctx.db, userId, async (tx) => {
    const [created] = await tx
      .insert(voiceProfiles)
      .values({ userId, voiceName: input.name.trim(), voiceDescription: input.description?.trim() || null })
      .returning();
    const submitted = await submitForTraining(ctx, tx, userId, created!);
    return present(submitted, (await attachedTotals(tx, userId)).get(submitted.id));
  });
  ctx.jobs.nudge();
  return result;
}

/** Trains again a clone whose training failed: its sessions were released when it failed, so it takes what is eligible now. */
export async function retryVoiceProfile(ctx: AppContext, userId: string, id: string | undefined): Promise<VoiceProfile> {
  const result = await withUserScope(ctx.db, userId, async (tx) => {
    const row = await lockOwnProfile(tx, userId, id);
    if (row.trainingStatus === "training") throw new AppError("voice_already_submitted", voiceCloneMessages.alreadySubmitted);
    if (row.trainingStatus !== "error") throw new AppError("voice_already_submitted", voiceCloneMessages.retryOnlyAfterError);
    const submitted = await submitForTraining(ctx, tx, userId, { ...row, trainingStatus: "unsubmitted" });
    return present(submitted, (await attachedTotals(tx, userId)).get(submitted.id));
  });
  ctx.jobs.nudge();
  return result;
}

/** The person's clones, newest first, with the audio that could train a new one. */
export async function listVoiceProfiles(ctx: AppContext, userId: string): Promise<VoiceProfiles> {
  const engine = ctx.voice.current;
  return withUserScope(ctx.db, userId, async (tx) => {
    const rows = await tx.select().from(voiceProfiles).where(eq(voiceProfiles.userId, userId)).orderBy(desc(voiceProfiles.createdAt), desc(voiceProfiles.id));
    const totals = await attachedTotals(tx, userId);
    const [eligible] = await tx
      .select({ seconds: sql<number>`coalesce(sum(${voiceSessions.durationSeconds}), 0)::float8`, sessions: sql<number>`count(*)::int` })
      .from(voiceSessions)
      .where(eligibleSession(userId));
    return {
      profiles: rows.map((r) => present(r, totals.get(r.id))),
      eligible: { seconds: Math.round(Number(eligible?.seconds ?? 0) * 10) / 10, sessions: Number(eligible?.sessions ?? 0), minimumSeconds: VOICE_MIN_TRAINING_SECONDS },
      engine: { provider: engine.provider, approximation: engine.approximation, description: engine.description },
    };
  });
}

export async function getVoiceProfile(ctx: AppContext, userId: string, id: string | undefined): Promise<VoiceProfile> {
  if (!isUuid(id)) throw missing();
  return withUserScope(ctx.db, userId, async (tx) => {
    const [row] = await tx.select().from(voiceProfiles).where(and(eq(voiceProfiles.id, id), eq(voiceProfiles.userId, userId)));
    if (!row) throw notFound();
    return present(row, (await attachedTotals(tx, userId)).get(row.id));
  });
}

/**
 * Deletes the clone at its engine first (ElevenLabs), then here; its sessions become eligible again. If the vendor
 * cannot delete it, nothing is deleted here either, so no clone is left behind that we no longer know about.
 */
export async function deleteVoiceProfile(ctx: AppContext, userId: string, id: string | undefined): Promise<void> {
  await deleteProfileRow(ctx, userId, id).catch((error: unknown) => {
    throw asDeletionError(error);
  });
}

async function deleteProfileRow(ctx: AppContext, userId: string, id: string | undefined): Promise<void> {
  await withUserScope(ctx.db, userId, async (tx) => {
    const row = await lockOwnProfile(tx, userId, id);
    if (row.providerVoiceId) {
      const engine = ctx.voice.forProvider(row.provider);
      if (!engine && row.provider === "elevenlabs") {
        throw new AppError("voice_service_failed", voiceCloneMessages.voiceServiceFailed("ElevenLabs is not configured on this server (ELEVENLABS_API_KEY)."));
      }
      try {
        await engine?.remove(row.providerVoiceId);
      } catch (error) {
        throw new AppError("voice_service_failed", voiceCloneMessages.voiceServiceFailed(error instanceof VoiceEngineError ? error.message : "the voice service did not answer."));
      }
    }
    await tx.delete(voiceProfiles).where(eq(voiceProfiles.id, row.id));
  });
}

/** A ready clone of this person by its engine voice id, or why it cannot speak (no consent in force: it never does). */
export async function findReadyVoice(ctx: AppContext, userId: string, voiceId: string): Promise<ProfileRow> {
  return withUserScope(ctx.db, userId, async (tx) => {
    const [row] = await tx.select().from(voiceProfiles).where(and(eq(voiceProfiles.userId, userId), eq(voiceProfiles.providerVoiceId, voiceId)));
    if (!row) throw notFound();
    if (row.trainingStatus !== "ready") throw new AppError("voice_not_ready", voiceCloneMessages.voiceNotReady);
    await requireConsent(tx, userId);
    return row;
  });
}
