import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { jobs } from "../../db/schema";
import { currentRequestId } from "../request-context";

export type JobRow = typeof jobs.$inferSelect;

/** A job whose process died is claimed again once its lease has run out. */
export const JOB_LEASE_SECONDS = 600;

/** Waits before attempt n+1: 5 s, 20 s, 80 s, … capped at 30 minutes. */
export function backoffSeconds(attempts: number): number {
  return Math.min(1800, 5 * 4 ** Math.max(0, attempts - 1));
}

/** Adds a job inside the caller's transaction, so it exists exactly when the change that asked for it commits. */
export async function enqueueJob(tx: Executor, kind: string, payload: Record<string, unknown>, options: { maxAttempts?: number; runAfter?: Date } = {}): Promise<string> {
  const [row] = await tx
    .insert(jobs)
    .values({ kind, payload, maxAttempts: options.maxAttempts ?? 5, ...(options.runAfter ? { runAfter: options.runAfter } : {}), ...(currentRequestId() ? { requestId: currentRequestId() } : {}) })
    .returning({ id: jobs.id });
  return row!.id;
}

/**
 * Claims the next due job of the given kinds, or one whose lease ran out, for `workerId`. SKIP LOCKED lets several
 * workers (processes) poll the same table without ever taking the same row.
 */
export async function claimJob(db: Database, workerId: string, kinds: string[]): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const result = await db.execute<{ id: string }>(sql`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${workerId}
    WHERE id = (
      SELECT id FROM jobs
      WHERE kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})
        AND ((status = 'queued' AND run_after <= now())
          OR (status = 'running' AND locked_at < now() - make_interval(secs => ${JOB_LEASE_SECONDS})))
      ORDER BY run_after
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING id`);
  const id = result.rows[0]?.id;
  if (!id) return null;
  const [row] = await db.select().from(jobs).where(sql`${jobs.id} = ${id}`);
  return row ?? null;
}

/**
 * Renews a running job's lease for another JOB_LEASE_SECONDS, for work that may outlast one lease (a large import).
 * Answers false when the job is no longer held by the worker that claimed it (the lease ran out and another took it):
 * the caller must then stop.
 */
export async function extendLease(db: Database, job: JobRow): Promise<boolean> {
  const result = await db.execute(sql`UPDATE jobs SET locked_at = now() WHERE id = ${job.id} AND locked_by = ${job.lockedBy} AND status = 'running'`);
  return (result.rowCount ?? 0) > 0;
}

/** Marks a claimed job done; only its current holder can. */
export async function completeJob(db: Database, job: JobRow, workerId: string): Promise<void> {
  await db.execute(sql`UPDATE jobs SET status = 'done', finished_at = now(), locked_at = NULL, last_error = NULL WHERE id = ${job.id} AND locked_by = ${workerId}`);
}

/**
 * Records a failed attempt: queued again after a backoff while attempts remain and the error is worth retrying,
 * otherwise failed for good. Answers whether the job has given up.
 */
export async function failJob(db: Database, job: JobRow, workerId: string, message: string, retryable: boolean): Promise<"retry" | "failed"> {
  const giveUp = !retryable || job.attempts >= job.maxAttempts;
  if (giveUp) {
    await db.execute(sql`UPDATE jobs SET status = 'failed', finished_at = now(), locked_at = NULL, last_error = ${message} WHERE id = ${job.id} AND locked_by = ${workerId}`);
    return "failed";
  }
  await db.execute(sql`
    UPDATE jobs SET status = 'queued', locked_at = NULL, last_error = ${message},
      run_after = now() + make_interval(secs => ${backoffSeconds(job.attempts)})
    WHERE id = ${job.id} AND locked_by = ${workerId}`);
  return "retry";
}
