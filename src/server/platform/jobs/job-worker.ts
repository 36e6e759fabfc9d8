import os from "node:os";
import type { Database } from "../../db/client";
import { claimJob, completeJob, extendLease, failJob, reapDeadJobs, type JobRow } from "./job-queue";
import { runWithRequestId } from "../request-context";
import { messages } from "../../../contract/messages";

/** What a kind of job does, which failures are worth another attempt, and what happens when it gives up. */
export interface JobHandler {
  kind: string;
  /** `renewLease` renews the job's lease (for work that may outlast one); false when it was lost meanwhile. */
  run(payload: Record<string, unknown>, job: JobRow, renewLease: () => Promise<boolean>): Promise<void>;
  isRetryable(error: unknown): boolean;
  /** Called once, after the last attempt failed, with the message a person can act on. */
  onGiveUp(payload: Record<string, unknown>, message: string): Promise<void>;
  /** The message stored for a failure. */
  describeError(error: unknown): string;
  /** What the person is told when the job stopped its worker (killed, out of memory) on every attempt. */
  describeStop?(): string;
}

/** Told to the person when a job of a kind without words of its own kept stopping its worker. */
const JOB_STOPPED_MESSAGE = messages.jobStopped;

/**
 * Gives up, for good and once, jobs whose worker died on their last attempt: the person is told through the handler and
 * the log gets one line per job. Used after a lease ran out (job_reap) and when a job thread died (job_release_held).
 */
export async function giveUpDeadJobs(dead: JobRow[], byKind: Map<string, JobHandler>, log: JobLog, workerId: string): Promise<void> {
  for (const job of dead) {
    if (job.status !== "failed") continue;
    const handler = byKind.get(job.kind);
    log("warn", { requestId: job.requestId ?? `job-${job.id}`, jobId: job.id, kind: job.kind, attempts: job.attempts, workerId, outcome: "failed" }, "job failed for good: its worker stopped on every attempt");
    await handler?.onGiveUp(job.payload as Record<string, unknown>, handler.describeStop?.() ?? JOB_STOPPED_MESSAGE).catch((error: unknown) => {
      log("warn", { jobId: job.id, kind: job.kind, workerId, error: error instanceof Error ? error.message : String(error) }, "telling the person a job failed did not work");
    });
  }
}

export interface JobWorker {
  /** Runs due jobs until none is left; tests use it instead of waiting for the poll. */
  drain(): Promise<number>;
  /** Looks for work now instead of at the next poll (called after a job is queued in this process). */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * Polls the jobs table and runs one job at a time. Nothing lives only in memory: a job killed mid-run stays
 * `running` until its lease ends and is then claimed again by whichever worker polls first.
 */
/** A structured log line: pino's `(fields, message)` (the app's logger, or the worker process's own). */
export type JobLog = (level: "info" | "warn", fields: Record<string, unknown>, message: string) => void;

export function createJobWorker(db: Database, handlers: JobHandler[], options: { pollMs?: number; log?: JobLog; keepAlive?: boolean; workerId?: string } = {}): JobWorker {
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const byKind = new Map(handlers.map((h) => [h.kind, h]));
  const log: JobLog = options.log ?? (() => {});
  const warn = (message: string) => log("warn", { workerId }, message);
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  // Each job runs as its request did: its log lines (and any job it queues) carry the request id that started it.
  async function runOne(job: JobRow): Promise<void> {
    const requestId = job.requestId ?? `job-${job.id}`;
    const fields = { requestId, jobId: job.id, kind: job.kind, attempt: job.attempts, workerId };
    await runWithRequestId(requestId, async () => {
      const handler = byKind.get(job.kind)!;
      const payload = job.payload as Record<string, unknown>;
      const started = performance.now();
      log("info", fields, "job started");
      try {
        await handler.run(payload, job, () => extendLease(db, job));
        const held = await completeJob(db, job, workerId);
        // Reaped or taken over while it ran (it outlived its lease): its outcome was already settled elsewhere.
        log("info", { ...fields, ms: Math.round(performance.now() - started), ...(held ? {} : { outcome: "lost" }) }, held ? "job done" : "job finished after its lease was lost");
      } catch (error) {
        const message = handler.describeError(error);
        const outcome = await failJob(db, job, workerId, message, handler.isRetryable(error));
        log("warn", { ...fields, outcome, error: message }, "job failed");
        if (outcome === "failed") await handler.onGiveUp(payload, message);
      }
    });
  }

  const drain = () =>
    (running ??= (async () => {
      let count = 0;
      try {
        // Jobs whose worker died on their last attempt are failed for good (and the person told) before anything is claimed.
        await giveUpDeadJobs(await reapDeadJobs(db, [...byKind.keys()]), byKind, log, workerId);
        for (;;) {
          if (stopped) return count;
          const job = await claimJob(db, workerId, [...byKind.keys()]);
          if (!job) return count;
          await runOne(job);
          count += 1;
        }
      } finally {
        running = null;
      }
    })());

  const schedule = () => {
    if (stopped || !options.pollMs) return;
    timer = setTimeout(() => {
      drain()
        .catch((error: unknown) => warn(`job worker poll failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(schedule);
    }, options.pollMs);
    // Inside the app the HTTP server keeps the process alive; a worker process of its own is kept alive by its poll.
    if (!options.keepAlive) timer.unref();
  };
  schedule();

  return {
    drain,
    nudge: () => void drain().catch((error: unknown) => warn(`job worker failed: ${error instanceof Error ? error.message : String(error)}`)),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
