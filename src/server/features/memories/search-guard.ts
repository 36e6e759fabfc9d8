import { messages } from "../../../contract";
import { createConcurrencyGate } from "../../platform/concurrency-gate";
import { AppError } from "../../platform/errors";
import { takeSlot } from "../../platform/gate-slot";
import { createPersonGate, type PersonGate } from "../../platform/person-gate";
import { pgErrorCode } from "../../platform/pg-error-code";

/**
 * What keeps one person's searches from becoming everyone's problem (issue 31): a few running or waiting at once per
 * person and a bounded number in the process, so searches never hold most of the pool's 10 connections, and each
 * statement stopped after `timeoutMs`.
 */
export interface SearchGuard {
  gate: PersonGate;
  timeoutMs: number;
}

// Six searches at once leave four of the pool's connections to everything else; the line is long enough for a burst
// of one person's typing across several people, and anything past it is answered at once rather than left to wait.
const SEARCHES_RUNNING = 6;
const SEARCHES_WAITING = 64;

export function createSearchGuard(config: { SEARCH_CONCURRENCY_PER_PERSON: number; SEARCH_TIMEOUT_MS: number }): SearchGuard {
  return { gate: createPersonGate(config.SEARCH_CONCURRENCY_PER_PERSON, createConcurrencyGate(SEARCHES_RUNNING, SEARCHES_WAITING)), timeoutMs: config.SEARCH_TIMEOUT_MS };
}

/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = "57014";

/**
 * Runs one search in one of the person's slots: 429 with Retry-After when they hold all theirs or the process's line
 * is full, 503 `search_timed_out` when a statement ran past the timeout.
 */
export async function guardSearch<T>(guard: SearchGuard, userId: string, search: () => Promise<T>): Promise<T> {
  const release = await takeSlot(() => guard.gate.acquire(userId), {
    personBusy: { message: messages.searchBusy, retryAfterSeconds: 1 },
    full: { message: messages.searchesBusy, retryAfterSeconds: 1 },
  });
  try {
    return await search();
  } catch (error) {
    if (pgErrorCode(error) === QUERY_CANCELED) throw new AppError("search_timed_out", messages.searchTimedOut);
    throw error;
  } finally {
    release();
  }
}
