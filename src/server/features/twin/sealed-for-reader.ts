import { sql } from "drizzle-orm";
import { formatHappenedOn } from "../../../contract";
import type { Transaction } from "../../db/client";
import type { TwinReader } from "./retrieval-types";

/**
 * The day the first still-sealed memory left to this reader opens, as "June 12, 2027", or null: the memories they will
 * read once their seal opens (a contact's family and public ones, the public's public ones; never private, hidden from
 * the twin, or twin-only). A seal by date opens at the start of its day (UTC); a seal of N days after release, N whole
 * days after the release (as the reader rule counts them). Read in the owner's scope, like retrieval.
 */
export async function sealedUntilFor(tx: Transaction, ownerId: string, who: TwinReader): Promise<string | null> {
  if (who.reader.kind === "owner") return null;
  const audience = who.reader.kind === "contact" ? sql`m.visibility IN ('family', 'public')` : sql`m.visibility = 'public'`;
  const releasedAt = who.release.releasedAt?.toISOString() ?? null;
  const result = await tx.execute<{ opens: string | null }>(sql`
    SELECT to_char(min(opens) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS opens FROM (
      SELECT CASE
        WHEN m.sealed_until IS NOT NULL THEN m.sealed_until::timestamp AT TIME ZONE 'UTC'
        WHEN m.sealed_days_after_release IS NOT NULL AND ${releasedAt}::timestamptz IS NOT NULL
          THEN ${releasedAt}::timestamptz + make_interval(hours => 24 * m.sealed_days_after_release)
      END AS opens
      FROM memories m
      WHERE m.user_id = ${ownerId} AND ${audience} AND NOT m.hidden_from_twin
        AND (m.sealed_until IS NOT NULL OR m.sealed_days_after_release IS NOT NULL)
    ) sealed WHERE opens > ${who.now.toISOString()}::timestamptz`);
  const opens = result.rows[0]?.opens;
  return opens ? formatHappenedOn(opens) : null;
}
