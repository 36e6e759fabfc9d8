import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config";
import { DataDirInUseError } from "./platform/process-lock";
import { startServer } from "./start";
import { leaveSignalsToTheApp } from "./db/embedded";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function main() {
  const config = loadConfig();
  const server = await startServer(config, config.SERVE_WEB ? path.join(root, "build/client") : null);
  const dbNote = config.DATABASE_URL ? "external PostgreSQL (DATABASE_URL)" : `embedded PostgreSQL, data in ${config.dataDir}`;
  const mailNote = config.SMTP_URL ? "SMTP" : config.isDev ? `dev mailbox at ${server.url}/dev/mailbox` : "dev mailbox (no SMTP_URL set)";
  console.log(`\nMindprint is running at ${server.url}\n  database: ${dbNote}\n  e-mail:   ${mailNote}\n`);
  // From here on a signal stops the server gracefully (and its embedded cluster with it).
  leaveSignalsToTheApp();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.log(`\n${signal} received: shutting down cleanly.`);
      server.stop().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error("\nMindprint could not start:", error instanceof Error ? error.message : error, "\n");
  }
  process.exit(1);
});
