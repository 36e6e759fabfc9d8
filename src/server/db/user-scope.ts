import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database, Transaction } from "./client";
import * as schema from "./schema";
import { currentRequestId } from "../platform/request-context";

type TransactionConfig = Parameters<Database["transaction"]>[1];

// One query builder per pooled connection, made once: building one per request would re-read the schema each time.
const builders = new WeakMap<pg.PoolClient, Database>();
const builderFor = (client: pg.PoolClient) => {
  let builder = builders.get(client);
  if (!builder) builders.set(client, (builder = drizzle(client, { schema })));
  return builder;
};

function beginStatement(config: TransactionConfig | undefined): string {
  const parts = ["BEGIN"];
  if (config?.isolationLevel) parts.push(`ISOLATION LEVEL ${config.isolationLevel.toUpperCase()}`);
  if (config?.accessMode) parts.push(config.accessMode.toUpperCase());
  if (config?.deferrable !== undefined) parts.push(config.deferrable ? "DEFERRABLE" : "NOT DEFERRABLE");
  return parts.join(" ");
}

/**
 * Runs `work` in one transaction acting for `userId`: `app.user_id` is set for this transaction only,
 * so the row-level-security policies let it see and change that user's rows and nobody else's.
 * BEGIN and the setting travel together in one round trip (a simple-protocol query of two statements, the id
 * escaped by the driver), which is a quarter of the round trips of a one-query request. `work` gets a query builder on
 * the transaction's connection: it must not start a transaction of its own (none does).
 */
export function withUserScope<T>(
  db: Database,
  userId: string,
  work: (tx: Transaction) => Promise<T>,
  config?: TransactionConfig,
  limits?: { statementTimeoutMs?: number },
): Promise<T> {
  // A statement timeout for this transaction only (SET LOCAL), sent with BEGIN rather than as a round trip of its own.
  const timeout = limits?.statementTimeoutMs === undefined ? null : { statement_timeout: String(Math.round(limits.statementTimeoutMs)) };
  return withScope(db, userId, timeout, work, config);
}

/**
 * Runs `work` acting for `readerId` while reading what `ownerId` left them: besides the reader's own rows, the
 * `memories_legacy_reader` policy (migration 0027) lets it read the owner's memories the database allows this reader
 * (an accepted contact, after release, not private, seal opened). Nothing else of the owner's is readable.
 */
export function withReaderScope<T>(
  db: Database,
  reading: { readerId: string; ownerId: string; now: Date },
  work: (tx: Transaction) => Promise<T>,
  config?: TransactionConfig,
): Promise<T> {
  return withScope(db, reading.readerId, { "app.reading_owner": reading.ownerId, "app.now": reading.now.toISOString() }, work, config);
}

/**
 * Runs `work` for an anonymous visitor of the public memorial at `slug`: no user at all, and the
 * `memories_memorial_reader` policy (migration 0031) lets it read that memorial's public memories whose seals have
 * opened, once the legacy is released, and nothing else.
 */
export function withMemorialScope<T>(db: Database, memorial: { slug: string; now: Date }, work: (tx: Transaction) => Promise<T>, config?: TransactionConfig): Promise<T> {
  return withScope(db, "", { "app.memorial": memorial.slug, "app.now": memorial.now.toISOString() }, work, config);
}

async function withScope<T>(
  db: Database,
  userId: string,
  reading: Partial<Record<"app.reading_owner" | "app.memorial" | "app.now" | "statement_timeout", string>> | null,
  work: (tx: Transaction) => Promise<T>,
  config?: TransactionConfig,
): Promise<T> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  // A connection whose BEGIN, COMMIT or ROLLBACK failed is in an unknown state: destroyed, not given back to the pool.
  let broken: Error | undefined;
  const control = (statement: string) =>
    client.query(statement).catch((error: Error) => {
      broken = error;
      throw error;
    });
  try {
    // What a reader reads (the owner, or the memorial) and the time their rules run on (app_now(), migration 0027),
    // for this transaction only.
    // The request this transaction works for, so a job queued in it (even by a trigger) knows where it came from.
    const requestId = currentRequestId();
    const readingSettings = Object.entries({ ...(reading ?? {}), ...(requestId ? { "app.request_id": requestId } : {}) })
      .map(([name, value]) => `, set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`)
      .join("");
    await control(`${beginStatement(config)}; SELECT set_config('app.user_id', ${client.escapeLiteral(userId)}, true)${readingSettings}`);
    let result: T;
    try {
      result = await work(builderFor(client) as unknown as Transaction);
    } catch (error) {
      await control("ROLLBACK").catch(() => {});
      throw error;
    }
    await control("COMMIT");
    return result;
  } finally {
    client.release(broken);
  }
}
