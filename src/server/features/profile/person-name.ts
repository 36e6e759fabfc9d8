import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { user } from "../../db/schema";

/**
 * How a person is named to others and in what they sign: their first name from onboarding, else their account name,
 * else their address. Read inside the caller's user-scoped transaction.
 */
export async function personName(tx: Transaction, userId: string): Promise<{ name: string; email: string }> {
  const [person] = await tx
    .execute<{ name: string; email: string }>(
      sql`
    SELECT coalesce(nullif(btrim(p.first_name), ''), nullif(btrim(u.name), ''), u.email) AS name, u.email FROM ${user} u
    LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${userId}`,
    )
    .then((r) => r.rows);
  return person ?? { name: "Someone", email: "" };
}
