import { sql } from "drizzle-orm";
import { REFERRAL_BONUS } from "../../../contract";
import type { Executor } from "../../db/client";

/**
 * The queue rule. Only active entries (not unsubscribed) are in the queue. Each has a score:
 *   score = signup_seq − REFERRAL_BONUS × (active entries that joined with its referral code)
 * and its position is 1 + the number of active entries with a lower score, ties going to the earlier signup.
 * Each friend who joins with your link therefore moves you up 10 places, and a friend who unsubscribes stops counting.
 */
const rankedQueue = sql`
  WITH referrals AS (
    SELECT referred_by AS id, count(*)::int AS n FROM waitlist_entries
    WHERE referred_by IS NOT NULL AND unsubscribed_at IS NULL GROUP BY referred_by
  ), scored AS (
    SELECT e.*, COALESCE(r.n, 0) AS referrals, e.signup_seq - ${REFERRAL_BONUS} * COALESCE(r.n, 0) AS score
    FROM waitlist_entries e LEFT JOIN referrals r ON r.id = e.id
    WHERE e.unsubscribed_at IS NULL
  )
  SELECT scored.*, (row_number() OVER (ORDER BY score, signup_seq))::int AS position, (count(*) OVER ())::int AS total
  FROM scored`;

export interface QueuePlace {
  position: number;
  total: number;
}

/** The place of one active entry, or null when it is not in the queue (unsubscribed or unknown). */
export async function findQueuePlace(db: Executor, entryId: string): Promise<QueuePlace | null> {
  const result = await db.execute<{ position: number; total: number }>(
    sql`SELECT position, total FROM (${rankedQueue}) q WHERE q.id = ${entryId}`,
  );
  return result.rows[0] ?? null;
}

export interface QueueRow {
  id: string;
  email: string;
  position: number;
  referrals: number;
  foundingMember: boolean;
  invitedAt: Date | null;
  createdAt: Date;
}

/** The whole queue in order, for the operator's admin command; `onlyUninvited` keeps the people still waiting for an invitation. */
export async function listQueue(db: Executor, options: { onlyUninvited?: boolean; limit?: number } = {}): Promise<QueueRow[]> {
  const where = options.onlyUninvited ? sql`WHERE q.invited_at IS NULL` : sql``;
  const limit = options.limit === undefined ? sql`` : sql`LIMIT ${options.limit}`;
  const result = await db.execute<{
    id: string;
    email: string;
    position: number;
    referrals: number;
    founding_member: boolean;
    invited_at: Date | string | null;
    created_at: Date | string;
  }>(sql`SELECT id, email, position, referrals, founding_member, invited_at, created_at FROM (${rankedQueue}) q ${where} ORDER BY position ${limit}`);
  return result.rows.map((r) => ({
    id: r.id,
    email: r.email,
    position: r.position,
    referrals: r.referrals,
    foundingMember: r.founding_member,
    invitedAt: r.invited_at ? new Date(r.invited_at) : null,
    createdAt: new Date(r.created_at),
  }));
}

/** How many people left the queue by unsubscribing (shown beside the queue to the operator). */
export async function countUnsubscribed(db: Executor): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM waitlist_entries WHERE unsubscribed_at IS NOT NULL`);
  return result.rows[0]?.n ?? 0;
}
