import path from "node:path";
import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import type { Config } from "./config";
import { createAppContext } from "./create-context";
import { openDatabase } from "./db/client";
import { openQueueDatabase } from "./db/queue-database";
import { applyMigrations } from "./db/migrate";
import { prepareAppLogin } from "./db/app-login";
import { openAuthDatabase } from "./db/auth-database";
import { startOwnedCluster, type OwnedCluster } from "./db/owned-cluster";
import { queueStaleEmbeddings } from "./features/twin/embedding-job";
import { ensureReleaseCheckQueued } from "./features/legacy/release-job";
import { ensureRateLimitSweepQueued } from "./platform/rate-limit-sweep";
import { startJobRunners } from "./job-runners";

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the whole product: takes the data directory, starts (or recovers) the embedded PostgreSQL unless
 * DATABASE_URL points elsewhere, migrates, and serves web and API on one port.
 */
export async function startServer(config: Config, clientDir: string | null): Promise<RunningServer> {
  let cluster: OwnedCluster | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    cluster = await startOwnedCluster({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, log: (line) => console.log(`[postgres] ${line}`) });
    url = cluster.url;
  }
  await applyMigrations(url);
  // Queries run as this database's own login role, never as the owner that migrated it (SECURITY.md 27).
  const loginUrl = await prepareAppLogin(url);
  const database = openDatabase(loginUrl);
  // Sign-in, the waitlist and the mailbox on a pool of their own, whose role alone reaches their tables (decision 0024).
  const authDatabase = await openAuthDatabase(url);
  // Without SMTP the dev mailbox stores each mail: on a pool of its own (SECURITY.md 45, create-context.ts).
  const mailboxDatabase = config.SMTP_URL ? null : await openAuthDatabase(url, { max: 2 });
  const ctx = createAppContext(config, database.db, cluster ? "embedded" : "external", { authDb: authDatabase.db, ...(mailboxDatabase ? { mailboxDb: mailboxDatabase.db } : {}) });
  // Uploads a killed run of this process left half written: only one process owns DATA_DIR, so they are nobody's now.
  // (In a bucket, the lifecycle rules in the README clear them.)
  if (config.STORAGE === "local") await fs.promises.rm(path.join(config.dataDir, "storage", "tmp"), { recursive: true, force: true });
  const app = await buildApp(ctx, { clientDir });
  // A new or changed sentence-embedding model: every memory without a vector from it gets one, in the background.
  await queueStaleEmbeddings(database.db, ctx.embedder.modelId);
  // The legacy release scheduler runs as a chain of durable jobs; start-up makes sure the chain exists.
  await ensureReleaseCheckQueued(database.db);
  // So is the hourly sweep of ended rate-limit windows.
  await ensureRateLimitSweepQueued(database.db);
  // Jobs queued before a restart (or by another process) are picked up by this poll; JOB_WORKER=off leaves them
  // to a separate `npm run worker`. The heavy readers run in a memory-bounded thread (job-runners.ts).
  // The queue's own steps act as the workers' role, apart from every web request's (migration 0055).
  const queue = config.JOB_WORKER === "in-process" ? await openQueueDatabase(url) : null;
  const worker = queue ? startJobRunners(ctx, { app: loginUrl, queue }, { log: (level, fields, message) => app.log[level](fields, message) }) : null;
  if (worker) ctx.jobs.listen(worker.nudge);
  await app.listen({ port: config.PORT, host: config.HOST });
  let stopping: Promise<void> | null = null;
  // Stops taking requests and lets those in flight (an upload, a download, a streamed answer) and the running job
  // finish, for at most SHUTDOWN_GRACE_SECONDS; then closes what is left. A job cut short stays leased and is taken
  // up again by a worker once its lease runs out; an upload cut short stores nothing.
  const stop = () =>
    (stopping ??= (async () => {
      const closing = app.close().catch(() => {});
      const finished = Promise.all([closing, worker?.stop()]).then(() => true);
      const inTime = await Promise.race([finished, new Promise<false>((resolve) => setTimeout(resolve, config.SHUTDOWN_GRACE_SECONDS * 1000, false).unref())]);
      if (!inTime) {
        app.log.warn({ graceSeconds: config.SHUTDOWN_GRACE_SECONDS }, "shutdown grace period over: closing the requests still open");
        app.server.closeAllConnections();
        await closing;
      }
      await database.close().catch(() => {});
      await authDatabase.close().catch(() => {});
      await mailboxDatabase?.close().catch(() => {});
      await queue?.close().catch(() => {});
      await cluster?.stop();
    })());
  return { app, url: config.publicUrl, stop };
}
