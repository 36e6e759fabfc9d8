import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, newUser, post, type TestApp } from "../test/harness";
import { prepareAppLogin, prepareAuthLogin } from "./app-login";
import { APP_ROLE } from "./client";

// SECURITY.md 37, decision 0024: the app's login role, which every feature query runs as, cannot list other people's
// sessions, accounts, verification tokens, addresses, rate-limit keys, waitlist entries or mail. Checked straight
// against the database, with no service in between, as an injected statement would run.

let t: TestApp;
let alice: string;
let bob: string;
/** Logged in as the app's own login role, exactly as the pool logs in. */
let login: pg.Client;

const SIGN_IN_TABLES = ["session", "account", "verification", "rate_limits", "waitlist_entries", "dev_mailbox"] as const;

async function connect(url: string, role?: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, ...(role ? { options: `-c role=${role}` } : {}) });
  await client.connect();
  return client;
}

/** The error code PostgreSQL answers a statement with, or "ok". */
const outcome = (client: pg.Client, statement: string, values: unknown[] = []) =>
  client.query(statement, values).then(
    () => "ok",
    (error: { code?: string }) => error.code,
  );

beforeAll(async () => {
  t = await createTestApp();
  alice = (await newUser(t, "alice.private@example.com")).id;
  bob = (await newUser(t, "bob.private@example.com")).id;
  // A link asked for and never used (a verification row), a waitlist entry, a mailbox copy and an account row.
  await post(t, "/api/session/magic-link", { email: "carol.pending@example.com" }, {}, "10.200.0.1");
  await post(t, "/api/waitlist", { email: "dora.waiting@example.com" }, {}, "10.200.0.2");
  await t.owner.query(`INSERT INTO dev_mailbox ("to", subject, text) VALUES ('erin@example.com', 'Sign in', 'a link')`);
  await t.owner.query(`INSERT INTO account (id, account_id, provider_id, user_id, created_at, updated_at) VALUES ('acc-bob', 'google-sub-1', 'google', $1, now(), now())`, [bob]);
  login = await connect(await prepareAppLogin(t.databaseUrl), APP_ROLE);
});
afterAll(async () => {
  await login.end();
  await t.close();
});

describe("the app's login role and the sign-in tables", () => {
  it("the rows exist: the owner sees sessions, accounts, tokens, addresses, counters, entries and mail", async () => {
    for (const table of SIGN_IN_TABLES) expect((await t.owner.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n, table).toBeGreaterThan(0);
  });

  it("with no user set, it can read no row of any of them: every statement is refused", async () => {
    for (const table of SIGN_IN_TABLES) {
      expect(await outcome(login, `SELECT * FROM ${table}`), table).toBe("42501");
      expect(await outcome(login, `SELECT count(*) FROM ${table}`), table).toBe("42501");
      expect(await outcome(login, `DELETE FROM ${table}`), table).toBe("42501");
    }
    expect(await outcome(login, `UPDATE session SET expires_at = now() + interval '1 year'`)).toBe("42501");
    expect(await outcome(login, `INSERT INTO session (id, token, user_id, expires_at) VALUES ('s', 't', $1, now() + interval '1 day')`, [alice])).toBe("42501");
  });

  it("the same holds for the login role itself, without the role switch the pool asks for", async () => {
    const bare = await connect(await prepareAppLogin(t.databaseUrl));
    try {
      for (const table of SIGN_IN_TABLES) expect(await outcome(bare, `SELECT * FROM ${table}`), table).toBe("42501");
      expect((await bare.query(`SELECT count(*)::int AS n FROM "user"`)).rows[0].n).toBe(0);
    } finally {
      await bare.end();
    }
  });

  it("reads no user row without a user set, and only its own with one; it writes none", async () => {
    expect((await login.query(`SELECT id, email FROM "user"`)).rows).toEqual([]);
    await login.query("BEGIN");
    try {
      await login.query(`SELECT set_config('app.user_id', $1, true)`, [alice]);
      expect((await login.query(`SELECT id, email FROM "user"`)).rows).toEqual([{ id: alice, email: "alice.private@example.com" }]);
      expect((await login.query(`SELECT id FROM "user" WHERE id = $1`, [bob])).rows).toEqual([]);
    } finally {
      await login.query("ROLLBACK");
    }
    expect(await outcome(login, `UPDATE "user" SET email = 'mallory@example.com'`)).toBe("42501");
    expect(await outcome(login, `DELETE FROM "user"`)).toBe("42501");
    expect(await outcome(login, `INSERT INTO "user" (id, name, email) VALUES ('x', 'x', 'x@example.com')`)).toBe("42501");
  });

  it("cannot become the sign-in role, nor read either login's password", async () => {
    expect(await outcome(login, "SET ROLE mindprint_auth")).toBe("42501");
    expect(await outcome(login, "SELECT * FROM auth_login")).toBe("42501");
    expect(await outcome(login, "SELECT * FROM app_login")).toBe("42501");
    const member = await t.owner.query(`SELECT pg_has_role($1, 'mindprint_auth', 'MEMBER') AS member`, [new URL(await prepareAppLogin(t.databaseUrl)).username]);
    expect(member.rows[0].member).toBe(false);
  });

  it("counts a rate-limit key it names through the function, and cannot list the keys", async () => {
    const hit = await login.query(`SELECT hits, retry_after FROM rate_limit_hit('test:least-privilege', 60)`);
    expect(hit.rows[0].hits).toBe(1);
    expect(hit.rows[0].retry_after).toBeGreaterThan(0);
    expect(await outcome(login, `SELECT key FROM rate_limits WHERE key LIKE 'magic-link:%'`)).toBe("42501");
  });
});

describe("the sign-in pool's role", () => {
  it("is a different login that reaches the sign-in tables and none of the features' tables", async () => {
    const auth = await connect(await prepareAuthLogin(t.databaseUrl), "mindprint_auth");
    try {
      expect((await auth.query(`SELECT count(*)::int AS n FROM session`)).rows[0].n).toBeGreaterThan(0);
      for (const table of ["profiles", "memories", "user_activity", "voice_sessions"]) expect(await outcome(auth, `SELECT * FROM ${table}`), table).toBe("42501");
      expect(await outcome(auth, "SET ROLE mindprint_app")).toBe("42501");
      expect(await outcome(auth, "SELECT * FROM auth_login")).toBe("42501");
      expect(new URL(await prepareAuthLogin(t.databaseUrl)).username).not.toBe(new URL(await prepareAppLogin(t.databaseUrl)).username);
    } finally {
      await auth.end();
    }
  });

  it("has no superuser, role-making or row-security-bypassing power", async () => {
    const name = new URL(await prepareAuthLogin(t.databaseUrl)).username;
    const role = await t.owner.query(`SELECT rolsuper, rolcreaterole, rolcreatedb, rolbypassrls, rolreplication FROM pg_roles WHERE rolname = $1`, [name]);
    expect(role.rows[0]).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false, rolreplication: false });
  });
});
