import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { isProcessAlive } from "../platform/process-lock";
import { prepareServerEnv } from "./server-env";
import { spawnServer, waitUntilReady, type SpawnedServer } from "./spawn-server";

/**
 * Real `npm start` processes on one data directory, for tests that stop a server and start the next: `start` spawns
 * one (with extra environment) and waits until it answers; afterAll stops every one, the embedded PostgreSQL they
 * left and the directory.
 */
export function restartableServer(name: string, baseEnv: Record<string, string>) {
  const state = { dataDir: "", base: "", env: {} as Record<string, string> };
  const running: SpawnedServer[] = [];
  beforeAll(async () => {
    Object.assign(state, await prepareServerEnv(name, baseEnv));
  });
  afterAll(async () => {
    for (const server of running) server.child.kill("SIGTERM");
    await Promise.all(running.map((s) => s.exited));
    const pidFile = path.join(state.dataDir, "pg", "postmaster.pid");
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
      if (isProcessAlive(pid)) process.kill(pid, "SIGINT");
    }
    fs.rmSync(state.dataDir, { recursive: true, force: true });
  });
  return {
    state,
    async start(extra: Record<string, string> = {}) {
      const server = spawnServer({ ...state.env, ...extra });
      running.push(server);
      await waitUntilReady(server);
      return server;
    },
  };
}
