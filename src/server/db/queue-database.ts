import { prepareWorkerLogin } from "./app-login";
import { openDatabase, WORKER_ROLE, type DatabaseHandle } from "./client";

/**
 * The job queue's pool (migration 0055): logged in as this database's worker login, acting as mindprint_worker, the
 * only role that may claim, complete, fail, reap, release or renew jobs. Handlers still do their work on the app's
 * pool; only the queue's own steps go through this one. `url` is its login, for a child process's own pool.
 */
export async function openQueueDatabase(ownerUrl: string, options: { max?: number } = {}): Promise<DatabaseHandle & { url: string }> {
  const url = await prepareWorkerLogin(ownerUrl);
  return { ...openDatabase(url, { max: options.max ?? 2, role: WORKER_ROLE }), url };
}
