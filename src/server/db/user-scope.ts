import { sql } from "drizzle-orm";
import type { Database, Transaction } from "./client";

type TransactionConfig = Parameters<Database["transaction"]>[1];

/**
 * Runs `work` in one transaction acting for `userId`: `app.user_id` is set for this transaction only,
 * so the row-level-security policies let it see and change that user's rows and nobody else's.
 */
export async function withUserScope<T>(
  db: Database,
  userId: string,
  work: (tx: Transaction) => Promise<T>,
  config?: TransactionConfig,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.user_id', ${userId}, true)`);
    return work(tx);
  }, config);
}
