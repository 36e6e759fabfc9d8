import type { AppContext } from "../../app-context";
import type { Database } from "../../db/client";
import { ensureOneQueued } from "../../platform/jobs/job-queue";
import type { JobHandler } from "../../platform/jobs/job-worker";
import { safeErrorLine } from "../../platform/log-safe-error";
import { legacyDeps } from "./deps";
import { eraseAccount } from "../account";
import { runReleaseScheduler, type SchedulerHooks } from "./release";

export const LEGACY_RELEASE_CHECK_JOB = "legacy-release-check";
/** How often the release scheduler looks at every legacy with a trigger, a pending release, a seal to announce or a retirement. */
export const LEGACY_CHECK_EVERY_MS = 60 * 60_000;

/**
 * Queues the next check unless one is already waiting or running (one chain of checks for the whole installation).
 * A running check calls it for its successor, naming itself so it does not count.
 */
export function ensureReleaseCheckQueued(db: Database, runAfter?: Date, exceptJobId?: string): Promise<void> {
  return ensureOneQueued(db, LEGACY_RELEASE_CHECK_JOB, { runAfter, exceptJobId });
}

/** What the scheduler does beyond the legacy's own rows: log an owner whose step failed, erase an ended legacy's account. */
export const schedulerHooks = (ctx: AppContext): SchedulerHooks => ({
  log: (ownerId, error) => console.warn(`legacy release check for ${ownerId} failed: ${safeErrorLine(error)}`),
  erase: async (ownerId) => {
    await eraseAccount(ctx, ownerId);
    // No name and no id: the account is gone, and the log must not keep what the erasure removed.
    console.info("legacy: erased an account whose retired legacy's reading period had ended");
  },
});

/**
 * The release scheduler as a durable job: it moves every legacy forward (runReleaseScheduler in release.ts), then queues its
 * own next run an hour later, so the chain survives restarts and never depends on anyone visiting a page.
 */
export function legacyReleaseJob(ctx: AppContext): JobHandler {
  const deps = legacyDeps(ctx);
  const next = (exceptJobId?: string) => ensureReleaseCheckQueued(ctx.db, new Date(Date.now() + LEGACY_CHECK_EVERY_MS), exceptJobId);
  return {
    kind: LEGACY_RELEASE_CHECK_JOB,
    async run(_payload, job) {
      await runReleaseScheduler(deps, schedulerHooks(ctx));
      await next(job.id);
    },
    isRetryable: () => true,
    // A check that kept failing must not end the chain: the next one is queued anyway.
    onGiveUp: async () => {
      await next();
    },
    describeError: (error) => `Legacy release check failed: ${safeErrorLine(error)}`,
  };
}
