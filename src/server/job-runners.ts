import type { AppContext } from "./app-context";
import type { Database } from "./db/client";
import { HEAVY_JOB_KINDS, jobHandlers } from "./job-handlers";
import { startJobProcess } from "./platform/jobs/job-process";
import { createJobWorker, type JobLog } from "./platform/jobs/job-worker";

export interface JobRunners {
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * Runs every kind of background job: the light ones here, the heavy readers in a child process whose heap is bounded by
 * JOB_PROCESS_MEMORY_MB. `app` is the app's login and `queue` the workers' (the child opens small pools of its own);
 * the queue's steps go through `queue.db`, acting as mindprint_worker.
 */
export function startJobRunners(ctx: AppContext, logins: { app: string; queue: { db: Database; url: string } }, options: { log: JobLog; keepAlive?: boolean }): JobRunners {
  const handlers = jobHandlers(ctx);
  const light = createJobWorker(
    logins.queue.db,
    handlers.filter((h) => !HEAVY_JOB_KINDS.includes(h.kind)),
    { pollMs: ctx.config.JOB_POLL_MS, log: options.log, keepAlive: options.keepAlive },
  );
  const heavy = startJobProcess({
    entry: new URL("./job-process.ts", import.meta.url),
    data: { kinds: HEAVY_JOB_KINDS, pollMs: ctx.config.JOB_POLL_MS, connectionString: logins.app, queueConnectionString: logins.queue.url, databaseMode: ctx.databaseMode },
    memoryMb: ctx.config.JOB_PROCESS_MEMORY_MB,
    db: logins.queue.db,
    handlers,
    log: options.log,
  });
  return {
    nudge() {
      light.nudge();
      heavy.nudge();
    },
    stop: async () => {
      await Promise.all([light.stop(), heavy.stop()]);
    },
  };
}
