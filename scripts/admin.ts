// Operator commands: `npm run admin -- waitlist`, `npm run admin -- invite EMAIL`, `npm run admin -- invite --top N`,
// `npm run admin -- age EMAIL [--birth-date …]` (support's view and correction of a person's age on record).
// Same configuration, database and mailer as the server; works whether or not the server is running (see db/command-database.ts).
import { ConfigError, loadConfig } from "../src/server/config";
import { openCommandDatabase } from "../src/server/db/command-database";
import { ageAdminUsage, runAgeAdmin } from "../src/server/features/age/admin-command";
import { adminUsage as waitlistUsage, runWaitlistAdmin } from "../src/server/features/waitlist/admin-command";
import { crisisAdminUsage, crisisCountSince } from "../src/server/features/twin/safety";
import { createMailer } from "../src/server/platform/mail/create-mailer";

const adminUsage = `${waitlistUsage}\n${ageAdminUsage}\n${crisisAdminUsage}`;

async function main(args: string[]): Promise<number> {
  // Usage needs no database: answer it before starting one.
  if (args.length === 0 || args[0] === "help" || args[0] === "--help") {
    console.log(adminUsage);
    return args.length === 0 ? 2 : 0;
  }
  const config = loadConfig();
  const database = await openCommandDatabase(config, (line) => console.error(`[postgres] ${line}`));
  try {
    console.error(`Using ${database.description}.`);
    if (args[0] === "crisis-count") {
      const days = Number(args[1] ?? 30);
      if (!Number.isInteger(days) || days < 1 || days > 3660) throw new Error("DAYS is a whole number of days from 1 to 3660.");
      console.log(`${await crisisCountSince(database.db, days)} messages answered with crisis help in the last ${days} days (no names, no words kept).`);
      return 0;
    }
    if (args[0] === "age") return await runAgeAdmin({ db: database.db, out: (line) => console.log(line), now: new Date() }, args.slice(1));
    const mailer = createMailer(config, database.db, null);
    return await runWaitlistAdmin({ db: database.db, mailer, publicUrl: config.publicUrl, out: (line) => console.log(line) }, args);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `\n${error.message}\n` : `\nThe admin command failed: ${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  },
);
