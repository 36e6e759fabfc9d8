import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

export const APP_ROLE = "mindprint_app";
/** The role of the sign-in pool (migration 0040, decision 0024): the only one that reaches the sign-in tables. */
export const AUTH_ROLE = "mindprint_auth";
/** The role of the job workers' pool (migration 0055): the only one that may claim, complete or fail jobs. */
export const WORKER_ROLE = "mindprint_worker";

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Bounds on every wait (SECURITY.md 45): a statement waits at most LOCK_TIMEOUT_MS for a row lock, a transaction left
 * idle is ended after IDLE_IN_TRANSACTION_MS, and a request waits at most CONNECT_TIMEOUT_MS for a connection from the
 * pool. Each is answered as a 503 that says to try again (platform/error-handler.ts), never a request that hangs.
 */
export const LOCK_TIMEOUT_MS = 5_000;
export const IDLE_IN_TRANSACTION_MS = 60_000;
export const CONNECT_TIMEOUT_MS = 15_000;

/**
 * Opens the app's pool. Every connection switches to the non-superuser role at start-up
 * (`-c role=...`), so row-level security applies to every query the app makes.
 */
export function openDatabase(connectionString: string, options: { max?: number; role?: typeof APP_ROLE | typeof AUTH_ROLE | typeof WORKER_ROLE } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: `-c role=${options.role ?? APP_ROLE} -c lock_timeout=${LOCK_TIMEOUT_MS} -c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}`,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor one checked out when the server ends its session (an idle transaction past its bound): the pool drops its own
  // listener while a client is out, so each client keeps one of ours. The query waiting on it fails and is answered.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
