import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import type { Config } from "./config";
import { createAppContext } from "./create-context";
import { openDatabase } from "./db/client";
import { startEmbeddedCluster, type EmbeddedCluster } from "./db/embedded";
import { applyMigrations } from "./db/migrate";
import { acquireDataDirLock } from "./platform/process-lock";

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
  let releaseLock: (() => void) | null = null;
  let cluster: EmbeddedCluster | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    releaseLock = acquireDataDirLock(config.dataDir);
    try {
      cluster = await startEmbeddedCluster({
        dir: path.join(config.dataDir, "pg"),
        port: config.EMBEDDED_PG_PORT,
        log: (line) => console.log(`[postgres] ${line}`),
      });
    } catch (error) {
      releaseLock();
      throw error;
    }
    url = cluster.url;
  }
  await applyMigrations(url);
  const database = openDatabase(url);
  const ctx = createAppContext(config, database.db, cluster ? "embedded" : "external");
  const app = await buildApp(ctx, { clientDir });
  await app.listen({ port: config.PORT, host: config.HOST });
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await app.close().catch(() => {});
      await database.close().catch(() => {});
      await cluster?.stop().catch(() => {});
      releaseLock?.();
    })());
  return { app, url: config.publicUrl, stop };
}
