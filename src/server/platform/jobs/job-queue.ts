import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { jobs } from "../../db/schema";
import { currentRequestId } from "../request-context";

export type JobRow = typeof jobs.$inferSelect;

// A job whose process died is claimed again once its lease of 600 s has run out (fixed in migration 0041's functions).

/** Waits before attempt n+1: 5 s, 20 s, 80 s, … capped at 30 minutes (job_release_held in migration 0041 agrees). */
export function backoffSeconds(attempts: number): number {
  return Math.min(1800, 5 * 4 ** Math.max(0, attempts - 1));
}

/**
 * Adds a job inside the caller's transaction, so it exists exactly when the change that asked for it commits. The id
 * is made here: the app's role may queue any job but read back only its own person's (migration 0041).
 */
export async function enqueueJob(tx: Executor, kind: string, payload: Record<string, unknown>, options: { maxAttempts?: number; runAfter?: Date } = {}): Promise<string> {
  const id = randomUUID();
  await tx.insert(jobs).values({ id, kind, payload, maxAttempts: options.maxAttempts ?? 5, ...(options.runAfter ? { runAfter: options.runAfter } : {}), ...(currentRequestId() ? { requestId: currentRequestId() } : {}) });
  return id;
}

/** A row as the queue's functions answer it (snake_case, straight from PostgreSQL) in the schema's shape. */
function toJobRow(row: Record<string, unknown>): JobRow {
  return {
    id: row.id as string,
    kind: row.kind as string,
    payload: row.payload,
    status: row.status as string,
    attempts: row.attempts as number,
    maxAttempts: row.max_attempts as number,
    runAfter: row.run_after as Date,
    lockedAt: (row.locked_at as Date | null) ?? null,
    lockedBy: (row.locked_by as string | null) ?? null,
    lastError: (row.last_error as string | null) ?? null,
    requestId: (row.request_id as string | null) ?? null,
    createdAt: row.created_at as Date,
    finishedAt: (row.finished_at as Date | null) ?? null,
    ownerKey: (row.owner_key as string | null) ?? null,
  };
}

const kindsArray = (kinds: string[]) => sql`ARRAY[${sql.join(
  kinds.map((k) => sql`${k}`),
  sql`, `,
)}]::text[]`;

/**
 * Claims the next due job of the given kinds for `workerId`, counting the attempt before anything runs (a job that kills
 * its process is counted too). Fair across people: one candidate per owner, owners with fewer jobs running and then
 * the one served longest ago first, so one person's backlog delays another's job by at most one job per worker. A job
 * whose lease ran out is claimed again only while it has attempts left. SKIP LOCKED lets several workers share the table.
 */
export async function claimJob(db: Database, workerId: string, kinds: string[]): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const result = await db.execute<Record<string, unknown>>(sql`SELECT * FROM job_claim(${workerId}, ${kindsArray(kinds)})`);
  const row = result.rows[0];
  return row ? toJobRow(row) : null;
}

/** The words kept on a job (for whoever runs the server) whose worker died on its last attempt. */
export const DIED_ON_LAST_ATTEMPT = "Its worker stopped while running it (killed or out of memory) on every attempt; not tried again.";

/**
 * Fails for good every job of these kinds whose lease ran out on its last attempt, and answers them: each is answered
 * exactly once (by its change of status), so the caller tells the person and logs it once.
 */
export async function reapDeadJobs(db: Database, kinds: string[]): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  const result = await db.execute<Record<string, unknown>>(sql`SELECT * FROM job_reap(${kindsArray(kinds)}, ${DIED_ON_LAST_ATTEMPT})`);
  return result.rows.map(toJobRow);
}

/**
 * Gives back the jobs a worker that died (a thread out of memory) was holding, at once rather than when their lease
 * ends: queued again after a backoff while attempts remain, failed otherwise. Answers the jobs it changed.
 */
export async function releaseHeldJobs(db: Database, workerId: string, message: string): Promise<JobRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`SELECT * FROM job_release_held(${workerId}, ${message})`);
  return result.rows.map(toJobRow);
}

/**
 * Renews a running job's lease for another 600 s, for work that may outlast one lease (a large import).
 * Answers false when the job is no longer held by the worker that claimed it (the lease ran out and another took it):
 * the caller must then stop.
 */
export async function extendLease(db: Database, job: JobRow): Promise<boolean> {
  const result = await db.execute<{ renewed: boolean }>(sql`SELECT job_extend_lease(${job.id}, ${job.lockedBy}) AS renewed`);
  return result.rows[0]?.renewed === true;
}

/** Marks a claimed job done; only its current holder can, while it runs. Answers false when it was no longer held. */
export async function completeJob(db: Database, job: JobRow, workerId: string): Promise<boolean> {
  const result = await db.execute<{ held: boolean }>(sql`SELECT job_complete(${job.id}, ${workerId}) AS held`);
  return result.rows[0]?.held === true;
}

/**
 * Records a failed attempt: queued again after a backoff while attempts remain and the error is worth retrying,
 * otherwise failed for good. Answers what happened; "lost" when the job was no longer this worker's (its lease ran out
 * and it was reaped or taken over), so the caller must not tell the person anything.
 */
export async function failJob(db: Database, job: JobRow, workerId: string, message: string, retryable: boolean): Promise<"retry" | "failed" | "lost"> {
  const giveUp = !retryable || job.attempts >= job.maxAttempts;
  const result = await db.execute<{ held: boolean }>(sql`SELECT job_fail(${job.id}, ${workerId}, ${message}, ${giveUp ? null : backoffSeconds(job.attempts)}::integer) AS held`);
  if (result.rows[0]?.held !== true) return "lost";
  return giveUp ? "failed" : "retry";
}

/** Whether a job of this kind is queued or running, other than `exceptJobId` (the service's own chains keep one). */
export async function jobWaiting(db: Executor, kind: string, exceptJobId?: string): Promise<boolean> {
  const result = await db.execute<{ waiting: boolean }>(sql`SELECT job_waiting(${kind}, ${exceptJobId ?? null}::uuid) AS waiting`);
  return result.rows[0]?.waiting === true;
}

/**
 * Queues a job of this kind unless one is already waiting or running, other than `exceptJobId`: the service's own
 * chains (an hourly check that queues its successor) keep exactly one, however many processes start at once.
 */
export async function ensureOneQueued(db: Database, kind: string, options: { runAfter?: Date; exceptJobId?: string } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${kind}))`);
    if (!(await jobWaiting(tx, kind, options.exceptJobId))) await enqueueJob(tx, kind, {}, { runAfter: options.runAfter });
  });
}
