import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedCluster } from "../../src/server/db/embedded";
import { dropAppLoginRole } from "../../src/server/db/app-login";
import { applyMigrations } from "../../src/server/db/migrate";
import { findFreePort } from "../../src/server/test/free-port";

async function readLoginRole(databaseUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ role_name: string }>("SELECT role_name FROM app_login")).rows[0]?.role_name ?? null;
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one evaluation run: a new database on DATABASE_URL's server when it is set,
 * otherwise a throwaway embedded cluster. `dispose()` removes it.
 */
export async function freshDatabase(): Promise<{ url: string; dataDir: string; dispose: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-eval-"));
  fs.chmodSync(dataDir, 0o755);
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `mindprint_eval_${crypto.randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    await applyMigrations(url.toString());
    return {
      url: url.toString(),
      dataDir,
      dispose: async () => {
        const loginRole = await readLoginRole(url.toString());
        const cleanup = new pg.Client({ connectionString: external });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
        // The database's own login role (db/app-login.ts) goes with it: roles belong to the whole server.
        if (loginRole) await dropAppLoginRole(external, loginRole);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const cluster = await startEmbeddedCluster({ dir: path.join(dataDir, "pg"), port: await findFreePort() });
  const url = cluster.urlFor("postgres");
  await applyMigrations(url);
  return {
    url,
    dataDir,
    dispose: async () => {
      await cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
