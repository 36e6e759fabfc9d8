import { biometricImportJob } from "./features/biometrics/import-job";
import { legacyReleaseJob } from "./features/legacy/release-job";
import { twinEmbeddingJob } from "./features/twin/embedding-job";
import { cloneRemovalJob } from "./features/voice/clone-removal";
import { voiceTrainingJob } from "./features/voice/training-job";
import { transcriptionJob } from "./features/voice/transcripts";
import type { AppContext } from "./app-context";
import type { JobHandler } from "./platform/jobs/job-worker";
import { fileRemovalJob } from "./platform/storage/file-removal";

/** Every kind of background job, for the in-process worker and `npm run worker` alike. */
export function jobHandlers(ctx: AppContext): JobHandler[] {
  return [voiceTrainingJob(ctx), cloneRemovalJob(ctx), twinEmbeddingJob(ctx), legacyReleaseJob(ctx), transcriptionJob(ctx), biometricImportJob(ctx), fileRemovalJob(ctx)];
}
