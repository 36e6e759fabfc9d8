import pino from "pino";
import { ConfigError, loadConfig } from "./config";
import { createAppContext } from "./create-context";
import { openDatabase } from "./db/client";
import { openQueueDatabase } from "./db/queue-database";
import { applyMigrations } from "./db/migrate";
import { prepareAppLogin } from "./db/app-login";
import { openAuthDatabase } from "./db/auth-database";
import { leaveSignalsToTheApp } from "./db/embedded";
import { startJobRunners } from "./job-runners";

/**
 * `npm run worker`: runs background jobs in a process of its own, next to app servers started with JOB_WORKER=off.
 * It needs DATABASE_URL: the embedded PostgreSQL belongs to the one app process that started it.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error("\nnpm run worker needs DATABASE_URL (an external PostgreSQL). With the embedded database, `npm start` runs the jobs itself.\n");
    process.exit(1);
  }
  await applyMigrations(config.DATABASE_URL);
  const loginUrl = await prepareAppLogin(config.DATABASE_URL);
  const database = openDatabase(loginUrl);
  // Jobs that erase an account or send mail through the dev mailbox use the sign-in pool (decision 0024).
  const authDatabase = await openAuthDatabase(config.DATABASE_URL, { max: 2 });
  const ctx = createAppContext(config, database.db, "external", { authDb: authDatabase.db });
  // One JSON line per event, as the app's logs are.
  const logger = pino({ level: config.LOG_LEVEL, base: { process: "worker" } });
  const queue = await openQueueDatabase(config.DATABASE_URL);
  const worker = startJobRunners(ctx, { app: loginUrl, queue }, { log: (level, fields, message) => logger[level](fields, message), keepAlive: true });
  console.log(`Mindprint job worker polling every ${config.JOB_POLL_MS} ms.`);
  leaveSignalsToTheApp();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void worker
        .stop()
        .then(() => Promise.all([database.close(), authDatabase.close(), queue.close()]))
        .then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
