import path from "node:path";
import type { Config } from "../config";
import { DataDirInUseError } from "../platform/process-lock";
import type { DatabaseHandle } from "./client";
import { findRunningCluster } from "./embedded";
import { openAuthDatabase } from "./auth-database";
import { applyMigrations } from "./migrate";
import { startOwnedCluster, type OwnedCluster } from "./owned-cluster";

export interface CommandDatabase extends DatabaseHandle {
  /** Where the connection goes, said once to the operator. */
  description: string;
}

/**
 * Opens the database for a one-off process such as the admin command, beside or without a running server:
 * - DATABASE_URL set: connect to it, as every server process does.
 * - a live Mindprint holds DATA_DIR: connect to the embedded PostgreSQL it runs (port from its postmaster.pid,
 *   password from DATA_DIR), and leave both alone on close;
 * - nobody holds DATA_DIR: take it like the server does, start the embedded cluster, and stop it on close.
 * Pending migrations are applied the way a starting server applies them (forward only, under an advisory lock).
 */
export async function openCommandDatabase(config: Config, log: (line: string) => void): Promise<CommandDatabase> {
  let owned: OwnedCluster | null = null;
  let url = config.DATABASE_URL;
  let description = "the PostgreSQL in DATABASE_URL";
  if (!url) {
    try {
      owned = await startOwnedCluster({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, log });
      url = owned.url;
      description = `the embedded PostgreSQL in ${config.dataDir} (started for this command)`;
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      const running = findRunningCluster(path.join(config.dataDir, "pg"));
      if (!running) {
        throw new Error(`A Mindprint server holds ${config.dataDir} but its database is not running yet. Try again in a moment.`, { cause: error });
      }
      url = running.url;
      description = `the embedded PostgreSQL of the running Mindprint server (PostgreSQL pid ${running.pid})`;
    }
  }
  try {
    await applyMigrations(url);
    // The operator commands manage the waitlist and send its mail, which only the sign-in pool's role reaches (decision 0024).
    const handle = await openAuthDatabase(url, { max: 2 });
    return {
      ...handle,
      description,
      async close() {
        await handle.close().catch(() => {});
        await owned?.stop();
      },
    };
  } catch (error) {
    await owned?.stop();
    throw error;
  }
}
