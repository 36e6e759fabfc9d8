import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client";
import { userActivity } from "../db/schema";
import { withUserScope } from "../db/user-scope";

/** Records a sign-in (called when a session is created). */
export async function recordSignIn(db: Database, userId: string): Promise<void> {
  await withUserScope(db, userId, (tx) =>
    tx
      .insert(userActivity)
      .values({ userId, lastSignInAt: sql`now()` })
      .onConflictDoUpdate({ target: userActivity.userId, set: { lastSignInAt: sql`now()` } }),
  );
}

/** When the person whose scope `tx` is in last signed in, or null if never recorded. */
export async function lastSignIn(tx: Transaction, userId: string): Promise<Date | null> {
  const [row] = await tx.select({ at: userActivity.lastSignInAt }).from(userActivity).where(sql`${userActivity.userId} = ${userId}`);
  return row?.at ?? null;
}
