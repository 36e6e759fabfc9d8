import path from "node:path";
import { acquireDataDirLock } from "../platform/process-lock";
import { startEmbeddedCluster } from "./embedded";

export interface OwnedCluster {
  url: string;
  /** Stops PostgreSQL, then gives the data directory back (even when stopping failed). */
  stop(): Promise<void>;
}

/**
 * Takes DATA_DIR for this process (refusing with DataDirInUseError when a live Mindprint holds it) and starts,
 * or recovers, the embedded PostgreSQL under DATA_DIR/pg.
 */
export async function startOwnedCluster(options: { dataDir: string; port: number; log: (line: string) => void }): Promise<OwnedCluster> {
  const releaseLock = acquireDataDirLock(options.dataDir);
  try {
    const cluster = await startEmbeddedCluster({ dir: path.join(options.dataDir, "pg"), port: options.port, log: options.log });
    return {
      url: cluster.url,
      async stop() {
        await cluster.stop().catch(() => {});
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
