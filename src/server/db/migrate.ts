import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations ship as SQL beside this file in the source tree and are copied next to the server bundle. */
const migrationsFolder = path.resolve(here, "migrations");

/** Applies every pending forward-only migration as the owning user (the one in the URL), in one advisory lock. */
export async function applyMigrations(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    // Two processes starting against one external database must not migrate at the same time.
    await client.query("SELECT pg_advisory_lock(727274)");
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
    await client.end();
  }
}
