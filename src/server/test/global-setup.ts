import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedCluster, type EmbeddedCluster } from "../db/embedded";
import { applyMigrations } from "../db/migrate";
import { dropAppLoginRole, prepareAppLogin, prepareAuthLogin } from "../db/app-login";
import { findFreePort } from "./free-port";

declare module "vitest" {
  export interface ProvidedContext {
    /** A server connection string (any database) whose user may create databases. */
    adminUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = "mindprint_test_template";

/**
 * One PostgreSQL per test run: the embedded cluster, or the server in DATABASE_URL when it is set.
 * A template database is migrated once; every test file copies it into a fresh database of its own.
 */
export default async function setup(project: TestProject) {
  let cluster: EmbeddedCluster | null = null;
  let tempDir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-test-pg-"));
    fs.chmodSync(tempDir, 0o755);
    cluster = await startEmbeddedCluster({ dir: path.join(tempDir, "pg"), port: await findFreePort() });
    adminUrl = cluster.urlFor("postgres");
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // The previous run's template and its login roles (roles belong to the server, not the database).
  const previousRoles = await admin
    .query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1`, [TEMPLATE])
    .then(async (found) => {
      if (found.rowCount === 0) return [];
      const previous = new URL(adminUrl);
      previous.pathname = `/${TEMPLATE}`;
      const client = new pg.Client({ connectionString: previous.toString() });
      await client.connect();
      const roleIn = (table: string) => client.query<{ role_name: string }>(`SELECT role_name FROM ${table}`).then((r) => r.rows[0]?.role_name ?? null, () => null);
      const roles = [await roleIn("app_login"), await roleIn("auth_login")];
      await client.end();
      return roles.filter((role) => role !== null);
    });
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  for (const role of previousRoles) await dropAppLoginRole(adminUrl, role).catch(() => {}); // still used by a leftover test database
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  await applyMigrations(templateUrl.toString());
  // Every test database is a copy of the template, so they all log in with the template's app role.
  await prepareAppLogin(templateUrl.toString());
  await prepareAuthLogin(templateUrl.toString());

  project.provide("adminUrl", adminUrl);
  project.provide("templateDatabase", TEMPLATE);

  return async () => {
    await cluster?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}
