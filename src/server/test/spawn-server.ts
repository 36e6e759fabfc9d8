import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface SpawnedServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `src/server/main.ts` as its own process (the way `npm start` does) with the given environment, or another
 * entry point (`src/server/worker.ts`, as `npm run worker` does).
 */
export function spawnServer(env: Record<string, string>, script = "src/server/main.ts"): SpawnedServer {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once the server printed its URL (or `readyLine`); rejects with its output if it exits first. */
export function waitUntilReady(server: SpawnedServer, timeoutMs = 60_000, readyLine = "Mindprint is running at"): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in time:\n${server.output()}`)), timeoutMs);
    const check = () => {
      if (server.output().includes(readyLine)) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.child.stdout?.on("data", check);
    check();
    void server.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${server.output()}`));
    });
  });
}
