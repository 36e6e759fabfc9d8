import crypto from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { applyMigrations } from "./migrate";

const created: string[] = [];
async function emptyDatabase(): Promise<string> {
  const name = `mindprint_migrate_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: inject("adminUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(inject("adminUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject("adminUrl") });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe("migrations", () => {
  it("build the schema on an empty database, with row-level security on profiles", async () => {
    const url = await emptyDatabase();
    await applyMigrations(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const tables = await client.query(`SELECT tablename, rowsecurity FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename COLLATE "C"`);
    await client.end();
    expect(tables.rows).toEqual([
      { tablename: "account", rowsecurity: false },
      { tablename: "age_checks", rowsecurity: true },
      { tablename: "age_guardian_requests", rowsecurity: true },
      { tablename: "ai_reflections", rowsecurity: true },
      { tablename: "analytics_events", rowsecurity: false },
      { tablename: "app_login", rowsecurity: false },
      { tablename: "auth_login", rowsecurity: false },
      { tablename: "biometric_daily", rowsecurity: true },
      { tablename: "biometric_imports", rowsecurity: true },
      { tablename: "biometric_latest", rowsecurity: true },
      { tablename: "biometric_sources", rowsecurity: true },
      { tablename: "consciousness_traits", rowsecurity: true },
      { tablename: "crisis_counts", rowsecurity: true },
      { tablename: "dev_mailbox", rowsecurity: false },
      { tablename: "digital_twin_validation_feedback", rowsecurity: true },
      { tablename: "job_turns", rowsecurity: false },
      { tablename: "jobs", rowsecurity: true },
      { tablename: "legacy_audit", rowsecurity: true },
      { tablename: "legacy_confirmations", rowsecurity: true },
      { tablename: "legacy_contacts", rowsecurity: true },
      { tablename: "legacy_documents", rowsecurity: true },
      { tablename: "legacy_outbox", rowsecurity: true },
      { tablename: "legacy_releases", rowsecurity: true },
      { tablename: "legacy_visitor_messages", rowsecurity: true },
      { tablename: "memorial_addresses", rowsecurity: true },
      { tablename: "memories", rowsecurity: true },
      { tablename: "memory_counts", rowsecurity: true },
      { tablename: "memory_idempotency_keys", rowsecurity: true },
      { tablename: "memory_versions", rowsecurity: true },
      { tablename: "memory_words", rowsecurity: true },
      { tablename: "people", rowsecurity: true },
      { tablename: "personality_attempts", rowsecurity: true },
      { tablename: "profiles", rowsecurity: true },
      { tablename: "rate_limits", rowsecurity: false },
      { tablename: "scenario_answers", rowsecurity: true },
      { tablename: "session", rowsecurity: false },
      { tablename: "trait_scores", rowsecurity: true },
      { tablename: "twin_conversations", rowsecurity: true },
      { tablename: "twin_embeddings", rowsecurity: true },
      { tablename: "twin_insights", rowsecurity: true },
      { tablename: "user", rowsecurity: true },
      { tablename: "user_activity", rowsecurity: true },
      { tablename: "verification", rowsecurity: false },
      { tablename: "voice_consents", rowsecurity: true },
      { tablename: "voice_profiles", rowsecurity: true },
      { tablename: "voice_sessions", rowsecurity: true },
      { tablename: "voice_transcripts", rowsecurity: true },
      { tablename: "waitlist_earlier_links", rowsecurity: false },
      { tablename: "waitlist_entries", rowsecurity: false },
      { tablename: "worker_login", rowsecurity: false },
    ]);
  });

  it("run again over a database with data: nothing is lost and nothing is applied twice", async () => {
    const url = await emptyDatabase();
    await applyMigrations(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`INSERT INTO "user" (id, name, email) VALUES ('u1', 'Nell', 'nell@example.com')`);
    await client.query(`INSERT INTO profiles (user_id, first_name) VALUES ('u1', 'Nell')`);
    const applied = await client.query(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    await applyMigrations(url);
    const after = await client.query(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    const profile = await client.query(`SELECT first_name FROM profiles WHERE user_id = 'u1'`);
    await client.end();
    expect(after.rows[0].n).toBe(applied.rows[0].n);
    expect(profile.rows).toEqual([{ first_name: "Nell" }]);
  });
});
