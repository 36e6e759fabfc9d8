import { biometricImportJob } from "./features/biometrics/import-job";
import { BIOMETRIC_IMPORT_JOB } from "./features/biometrics/imports";
import { legacyReleaseJob } from "./features/legacy/release-job";
import { twinEmbeddingJob } from "./features/twin/embedding-job";
import { cloneRemovalJob } from "./features/voice/clone-removal";
import { voiceTrainingJob } from "./features/voice/training-job";
import { TRAIN_VOICE_JOB } from "./features/voice/voice-profiles";
import { TRANSCRIBE_JOB, transcriptionJob } from "./features/voice/transcripts";
import type { AppContext } from "./app-context";
import type { JobHandler } from "./platform/jobs/job-worker";
import { fileRemovalJob } from "./platform/storage/file-removal";
import { rateLimitSweepJob } from "./platform/rate-limit-sweep";

/** Every kind of background job, for the in-process worker and `npm run worker` alike. */
export function jobHandlers(ctx: AppContext): JobHandler[] {
  return [voiceTrainingJob(ctx), cloneRemovalJob(ctx), twinEmbeddingJob(ctx), legacyReleaseJob(ctx), transcriptionJob(ctx), biometricImportJob(ctx), fileRemovalJob(ctx), rateLimitSweepJob(ctx.db)];
}

/**
 * The kinds that read what a person uploaded (device exports, recordings to decode): they run in the memory-bounded job
 * process, where running out of memory ends the job and not the server (SECURITY.md 34).
 */
export const HEAVY_JOB_KINDS = [BIOMETRIC_IMPORT_JOB, TRANSCRIBE_JOB, TRAIN_VOICE_JOB];
