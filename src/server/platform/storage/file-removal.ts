import type { Database } from "../../db/client";
import { enqueueJob } from "../jobs/job-queue";
import type { JobHandler } from "../jobs/job-worker";
import { safeErrorLine } from "../log-safe-error";
import type { Storage } from "./storage";

export const REMOVE_FILES_JOB = "storage.remove";
const DAY_MS = 86_400_000;

/** One stored file (`key`) or every file of one person (`owner`). */
export type StoredTarget = { key: string } | { owner: string };

interface Deps {
  db: Database;
  storage: Storage;
}

const removeNow = (storage: Storage, target: StoredTarget) => ("key" in target ? storage.remove(target.key) : storage.removeOwner(target.owner));

const targetOf = (payload: Record<string, unknown>): StoredTarget => {
  if (typeof payload.key === "string") return { key: payload.key };
  if (typeof payload.owner === "string") return { owner: payload.owner };
  throw new Error("a file removal names neither a key nor an owner");
};

/**
 * Removes files whose rows are gone. When the store cannot do it now (a bucket outage, a full disk), a durable job
 * keeps trying, so a deleted recording or account never leaves its files behind forgotten; the person's request
 * still succeeds, since their rows are already gone and nothing can reach the files.
 */
export async function removeStored(deps: Deps, target: StoredTarget): Promise<void> {
  try {
    await removeNow(deps.storage, target);
  } catch (error) {
    console.warn(`could not remove ${"key" in target ? target.key : `the files of ${target.owner}`} now, retrying in the background: ${safeErrorLine(error)}`);
    await enqueueJob(deps.db, REMOVE_FILES_JOB, target, { maxAttempts: 10 });
  }
}

/** Retries a removal with backoff; after its last attempt it queues itself again a day later. */
export function fileRemovalJob(deps: Deps): JobHandler {
  return {
    kind: REMOVE_FILES_JOB,
    run: (payload) => removeNow(deps.storage, targetOf(payload)),
    isRetryable: () => true,
    describeError: (error) => safeErrorLine(error),
    async onGiveUp(payload) {
      await enqueueJob(deps.db, REMOVE_FILES_JOB, targetOf(payload), { maxAttempts: 10, runAfter: new Date(Date.now() + DAY_MS) });
    },
  };
}
