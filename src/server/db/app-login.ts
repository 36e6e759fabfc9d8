import crypto from "node:crypto";
import pg from "pg";
import { APP_ROLE, AUTH_ROLE, WORKER_ROLE } from "./client";

/**
 * The password as PostgreSQL stores it (SCRAM-SHA-256 verifier, RFC 5803 form), computed here so the plain password
 * never appears in a statement a server might log (log_statement = ddl).
 */
function scramVerifier(password: string): string {
  const salt = crypto.randomBytes(16);
  const iterations = 4096;
  const salted = crypto.pbkdf2Sync(password.normalize("NFKC"), salt, iterations, 32, "sha256");
  const clientKey = crypto.createHmac("sha256", salted).update("Client Key").digest();
  const storedKey = crypto.createHash("sha256").update(clientKey).digest();
  const serverKey = crypto.createHmac("sha256", salted).update("Server Key").digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString("base64")}$${storedKey.toString("base64")}:${serverKey.toString("base64")}`;
}

/** The URL the app's pool logs in with: this database's own login role instead of the migrating owner. */
export function prepareAppLogin(ownerUrl: string): Promise<string> {
  return prepareLogin(ownerUrl, { table: "app_login", prefix: "mindprint_login_", groupRole: APP_ROLE });
}

/**
 * The URL the sign-in pool logs in with (decision 0024): a second login of this database, a member of mindprint_auth
 * only, kept in the owner-only `auth_login` table (migration 0040). The app's login is not a member of it.
 */
export function prepareAuthLogin(ownerUrl: string): Promise<string> {
  return prepareLogin(ownerUrl, { table: "auth_login", prefix: "mindprint_auth_login_", groupRole: AUTH_ROLE });
}

/**
 * The URL the job workers' queue pool logs in with (migration 0055): a third login, a member of mindprint_worker only,
 * so claiming and settling jobs is out of reach of the role web requests act as.
 */
export function prepareWorkerLogin(ownerUrl: string): Promise<string> {
  return prepareLogin(ownerUrl, { table: "worker_login", prefix: "mindprint_worker_login_", groupRole: WORKER_ROLE });
}

async function prepareLogin(ownerUrl: string, kind: { table: "app_login" | "auth_login" | "worker_login"; prefix: string; groupRole: string }): Promise<string> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    // One process at a time decides this database's login (another app process or a worker may be starting).
    await client.query("SELECT pg_advisory_xact_lock(727275)");
    let row = (await client.query<{ role_name: string; password: string }>(`SELECT role_name, password FROM ${kind.table}`)).rows[0];
    if (!row) {
      row = { role_name: `${kind.prefix}${crypto.randomBytes(6).toString("hex")}`, password: crypto.randomBytes(24).toString("base64url") };
      await client.query(`INSERT INTO ${kind.table} (role_name, password) VALUES ($1, $2)`, [row.role_name, row.password]);
    }
    // The name is ours (hex) and the password goes in as its SCRAM verifier (base64 and separators): both are safe to
    // write into the statement, and the plain password never appears in one.
    const existing = (
      await client.query<{ privileged: boolean }>(
        "SELECT rolsuper OR rolcreaterole OR rolcreatedb OR rolreplication OR rolbypassrls OR NOT rolcanlogin AS privileged FROM pg_roles WHERE rolname = $1",
        [row.role_name],
      )
    ).rows[0];
    const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT PASSWORD '${scramVerifier(row.password)}'`;
    if (!existing) await client.query(`CREATE ROLE ${row.role_name} ${attributes} IN ROLE ${kind.groupRole}`);
    // A role someone widened is narrowed again; an intact one is left alone (databases copied from one template
    // share it, and altering a role from two databases at once fails).
    else if (existing.privileged) await client.query(`ALTER ROLE ${row.role_name} ${attributes}`);
    await client.query("COMMIT");
    const url = new URL(ownerUrl);
    url.username = row.role_name;
    url.password = row.password;
    return url.toString();
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Removes a database's login role (after the database itself was dropped: throwaway evaluation databases). */
export async function dropAppLoginRole(adminUrl: string, roleName: string): Promise<void> {
  if (!/^mindprint_((auth|worker)_)?login_[0-9a-f]{12}$/.test(roleName)) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP ROLE IF EXISTS ${roleName}`);
  } finally {
    await client.end();
  }
}
