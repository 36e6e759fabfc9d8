import type { Database } from "../db/client";
import { ensureOneQueued } from "./jobs/job-queue";
import type { JobHandler } from "./jobs/job-worker";
import { safeErrorLine } from "./log-safe-error";
import { sweepRateLimits } from "./rate-limit";

export const RATE_LIMIT_SWEEP_JOB = "rate-limits.sweep";
/** How often counters whose window has ended are removed (the longest window is an hour). */
export const RATE_LIMIT_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Queues the next sweep unless one is already waiting or running: one chain for the installation, made sure of at
 * start-up. A running sweep calls it for its successor, naming itself so it does not count.
 */
export function ensureRateLimitSweepQueued(db: Database, runAfter?: Date, exceptJobId?: string): Promise<void> {
  return ensureOneQueued(db, RATE_LIMIT_SWEEP_JOB, { runAfter, exceptJobId });
}

/**
 * The sweep as a durable job: rate_limits would otherwise keep a row for every address and network that ever asked for
 * anything. It removes the ended windows (rate_limits_sweep(), migration 0040), then queues itself an hour later.
 */
export function rateLimitSweepJob(db: Database): JobHandler {
  const next = (exceptJobId?: string) => ensureRateLimitSweepQueued(db, new Date(Date.now() + RATE_LIMIT_SWEEP_EVERY_MS), exceptJobId);
  return {
    kind: RATE_LIMIT_SWEEP_JOB,
    async run(_payload, job) {
      await sweepRateLimits(db);
      await next(job.id);
    },
    isRetryable: () => true,
    // A sweep that kept failing must not end the chain.
    onGiveUp: async () => {
      await next();
    },
    describeError: (error) => `Rate-limit sweep failed: ${safeErrorLine(error)}`,
  };
}
