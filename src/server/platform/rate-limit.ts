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
 * The window starts at the key's first hit, so "one per 60 s" means exactly that.
 */
export async function consumeRateLimit(db: Executor, rule: RateRule): Promise<void> {
  const window = `${rule.windowSeconds} seconds`;
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${rule.key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - ${window}::interval THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - ${window}::interval THEN now() ELSE rate_limits.window_start END
    RETURNING count, CEIL(EXTRACT(EPOCH FROM (window_start + ${window}::interval - now())))::int AS retry_after`);
  const row = result.rows[0];
  if (row && row.count > rule.limit) {
    throw new AppError("rate_limited", rule.message, { retryAfterSeconds: Math.max(1, row.retry_after) });
  }
}

/** Gives back a key's budget, e.g. when the work it guarded failed on our side. */
export async function releaseRateLimit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
