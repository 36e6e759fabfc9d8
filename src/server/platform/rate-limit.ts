import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { AppError } from "./errors";

export interface RateRule {
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

/**
 * Counts one hit against `rule.key` and throws a 429 AppError when the window is full.
 * The window starts at the key's first hit, so "one per 60 s" means exactly that. The table is reached only through
 * its functions (migration 0040): the app's role may count a key it names, never list the keys (addresses, networks).
 */
export async function consumeRateLimit(db: Executor, rule: RateRule): Promise<void> {
  const result = await db.execute<{ hits: number; retry_after: number }>(sql`SELECT hits, retry_after FROM rate_limit_hit(${rule.key}, ${rule.windowSeconds}::int)`);
  const row = result.rows[0];
  if (row && row.hits > rule.limit) {
    throw new AppError("rate_limited", rule.message, { retryAfterSeconds: Math.max(1, row.retry_after) });
  }
}

/** Gives back a key's budget, e.g. when the work it guarded failed on our side. */
export async function releaseRateLimit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`SELECT rate_limit_release(${key})`);
}

/** Removes the counters whose window has ended (they count for nothing: the next hit starts afresh); answers how many. */
export async function sweepRateLimits(db: Executor): Promise<number> {
  const result = await db.execute<{ swept: number }>(sql`SELECT rate_limits_sweep() AS swept`);
  return result.rows[0]?.swept ?? 0;
}
