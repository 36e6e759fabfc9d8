import type { Clock } from "./clock";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Auth } from "./auth";
import type { Mailer } from "./mail/mailer";
import type { Storage } from "./storage/storage";
import type { ConcurrencyGate } from "./concurrency-gate";
import type { SessionCache } from "./session-cache";

/**
 * What the cross-cutting parts (sessions, routes, limits, jobs) need: built once in main.ts (or by a test). The
 * application's full context (src/server/app-context.ts) adds the providers and the twin's vector index to it.
 */
export interface PlatformContext {
  config: Config;
  db: Database;
  /**
   * The sign-in pool (db/auth-database.ts, decision 0024): the only one whose role reaches the sign-in tables, the
   * waitlist and the dev mailbox. For Better Auth, sessions, the access policy, the waitlist, the mailbox and account
   * deletion only; features use `db`.
   */
  authDb: Database;
  auth: Auth;
  mailer: Mailer;
  /** Where audio files live (local disk under DATA_DIR/storage). */
  storage: Storage;
  /** This process's cap on answers being generated at once (GENERATION_CONCURRENCY). */
  generationGate: ConcurrencyGate;
  /** Sessions this process checked within the last SESSION_CACHE_SECONDS. */
  sessions: SessionCache;
  /** Wakes this process's job worker after a job is queued (a no-op when the worker runs elsewhere). */
  jobs: JobSignal;
  /** "embedded" or "external": shown on /debug and in the start-up banner. */
  databaseMode: "embedded" | "external";
  /** The time the legacy rules run on (moved forward only in development, by POST /api/dev/clock). */
  clock: Clock;
}

/** Lets a service say "a job is waiting" without knowing whether or where a worker runs. */
export interface JobSignal {
  nudge(): void;
  listen(listener: () => void): void;
}

export function createJobSignal(): JobSignal {
  let listener: (() => void) | null = null;
  return { nudge: () => listener?.(), listen: (next) => void (listener = next) };
}
