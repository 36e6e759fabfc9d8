import { and, asc, eq } from "drizzle-orm";
import { safeErrorForLog } from "../../platform/log-safe-error";
import { voiceCloneMessages, voiceConsentMessages } from "../../../contract";
import { voiceProfiles, voiceSessions } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import type { JobHandler } from "../../platform/jobs/job-worker";
import { VoiceEngineError } from "../../providers/voice/voice-engine";
import { enqueueJob } from "../../platform/jobs/job-queue";
import { removeClonesAtEngines, REMOVE_CLONES_JOB } from "./clone-removal";
import { measureCloneSimilarity } from "./clone-similarity";
import { consentInForce } from "./consent";
import { CONSENT_VOICE_MATCH, consentVoiceSimilarity } from "./consent-voice";
import { TRAIN_VOICE_JOB } from "./voice-profiles";

interface TrainPayload {
  profileId: string;
  userId: string;
}

const payloadOf = (payload: Record<string, unknown>): TrainPayload => ({ profileId: String(payload.profileId), userId: String(payload.userId) });

/**
 * Trains one clone with the sessions attached to it. Runs in the job worker: a restart mid-training leaves the job
 * to be claimed again, and a clone deleted meanwhile is cleaned up at its engine instead of being resurrected.
 */
export function voiceTrainingJob(ctx: AppContext): JobHandler {
  return {
    kind: TRAIN_VOICE_JOB,
    async run(raw) {
      const { profileId, userId } = payloadOf(raw);
      const [profile] = await withUserScope(ctx.db, userId, (tx) => tx.select().from(voiceProfiles).where(and(eq(voiceProfiles.id, profileId), eq(voiceProfiles.userId, userId))));
      if (!profile || profile.trainingStatus !== "training") return; // deleted or already settled: nothing to do
      const engine = ctx.voice.forProvider(profile.provider);
      if (!engine) throw new VoiceEngineError(`The ${profile.provider} voice engine is not configured on this server.`, false);
      const recordings = await withUserScope(ctx.db, userId, (tx) =>
        tx
          .select({ storageKey: voiceSessions.storageKey, filename: voiceSessions.filename, durationSeconds: voiceSessions.durationSeconds })
          .from(voiceSessions)
          .where(and(eq(voiceSessions.userId, userId), eq(voiceSessions.voiceProfileId, profileId)))
          .orderBy(asc(voiceSessions.createdAt)),
      );
      if (recordings.length === 0) throw new VoiceEngineError("The sessions for this voice were deleted before training could use them.", false);
      // Consent revoked since the submission: revocation deleted this clone's row too, but never train without it.
      const consent = await withUserScope(ctx.db, userId, (tx) => consentInForce(tx, userId));
      if (!consent) throw new VoiceEngineError(voiceConsentMessages.required, false);
      // Only the voice that read the consent is cloned (SECURITY.md 51): its recording and the sessions are compared
      // before anything reaches an engine, so another person's voice never leaves for a vendor either.
      const [consentRecording] = await withUserScope(ctx.db, userId, (tx) => tx.select({ storageKey: voiceSessions.storageKey }).from(voiceSessions).where(eq(voiceSessions.id, consent.voiceSessionId)));
      const match = consentRecording ? await consentVoiceSimilarity(ctx.storage, consentRecording.storageKey, recordings.map((r) => r.storageKey)) : null;
      if (match === null || match < CONSENT_VOICE_MATCH) throw new VoiceEngineError(voiceCloneMessages.notConsentVoice, false);
      const trained = await engine.train({ name: profile.voiceName, description: profile.voiceDescription, recordings, storage: ctx.storage });
      // The figure shown is measured on the clone's own speech, not the engine's fitting score (docs/formulas.md).
      // A measurement that fails leaves the figure empty ("—"); it does not fail a clone that trained.
      const similarity = await measureCloneSimilarity(engine, { voiceId: trained.voiceId, settings: trained.settings }, recordings, ctx.storage).catch(() => null);
      const saved = await withUserScope(ctx.db, userId, (tx) =>
        tx
          .update(voiceProfiles)
          .set({
            trainingStatus: "ready",
            providerVoiceId: trained.voiceId,
            engineSettings: trained.settings,
            similarityScore: similarity,
            trainingError: null,
            trainingCompletedAt: new Date(),
          })
          .where(and(eq(voiceProfiles.id, profileId), eq(voiceProfiles.trainingStatus, "training")))
          .returning({ id: voiceProfiles.id }),
      );
      // Deleted (or its consent revoked) while the engine worked: do not leave a vendor clone nobody can see or delete.
      // If the engine cannot delete it now, the removal job keeps trying.
      if (saved.length === 0) {
        const failed = await removeClonesAtEngines(ctx, [{ provider: profile.provider!, voiceId: trained.voiceId }]);
        if (failed.length > 0) await enqueueJob(ctx.db, REMOVE_CLONES_JOB, { clones: failed }, { maxAttempts: 20 });
      }
    },
    isRetryable: (error) => !(error instanceof VoiceEngineError) || error.retryable,
    // The engine's reason is meant for the person; a database error's text (its SQL and values) never is.
    describeError: (error) => `${voiceCloneMessages.submissionFailed} ${String(safeErrorForLog(error).message ?? "")}`.trim(),
    async onGiveUp(raw, message) {
      const { profileId, userId } = payloadOf(raw);
      // The spec's error state; the sessions are released so that they can train a retry or another clone.
      await withUserScope(ctx.db, userId, async (tx) => {
        const updated = await tx
          .update(voiceProfiles)
          .set({ trainingStatus: "error", trainingError: message, trainingCompletedAt: new Date() })
          .where(and(eq(voiceProfiles.id, profileId), eq(voiceProfiles.trainingStatus, "training")))
          .returning({ id: voiceProfiles.id });
        if (updated.length > 0) await tx.update(voiceSessions).set({ voiceProfileId: null }).where(and(eq(voiceSessions.userId, userId), eq(voiceSessions.voiceProfileId, profileId)));
      });
    },
  };
}
