import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consciousnessExportSchema, exportSummaryResponseSchema, messages, voiceArchiveSchema, type ConsciousnessExport } from "../../../contract";
import { createTestApp, get, send, signIn, type TestApp } from "../../test/harness";
import { EXPORT_PAGE_SIZE } from "./consciousness-export";
import { fillAccount } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const download = async (cookie: string): Promise<ConsciousnessExport> => {
  const response = await get(t, "/api/export/consciousness", cookie);
  expect(response.statusCode).toBe(200);
  return consciousnessExportSchema.parse(JSON.parse(response.body));
};

/** Where each user-owned table appears in the export, and how many of the user's rows it holds there. */
const exportedCount: Record<string, (file: ConsciousnessExport) => number> = {
  profiles: () => 1,
  memories: (f) => f.memories.data.length,
  memory_versions: (f) => f.memories.data.reduce((n, m) => n + m.versions.length, 0),
  digital_twin_validation_feedback: (f) => f.calibrationAnswers.data.length,
  ai_reflections: (f) => (f.reflection ? 1 : 0),
  twin_conversations: (f) => f.conversations.data.length,
  voice_sessions: (f) => f.voiceSessions.data.length,
  voice_profiles: (f) => f.voiceProfiles.data.length,
  twin_insights: (f) => f.insights?.data.length ?? 0,
  legacy_contacts: (f) => f.legacyContacts.data.length,
  people: (f) => f.people.data.length,
  voice_consents: (f) => f.voiceConsents.data.length,
  age_checks: (f) => (f.age ? 1 : 0),
  legacy_visitor_messages: (f) => f.legacyConversations.data.length,
  personality_attempts: (f) => f.personalityAttempts.data.length,
  trait_scores: (f) => f.personalityAttempts.data.reduce((n, a) => n + a.scores.length, 0),
  scenario_answers: (f) => f.scenarioAnswers.data.length,
  voice_transcripts: (f) => f.voiceSessions.data.filter((s) => s.transcript).length,
  biometric_sources: (f) => f.consciousness.biometrics.data.length,
  biometric_daily: (f) => f.consciousness.biometrics.data.reduce((n, s) => n + s.days.length, 0),
  biometric_latest: (f) => f.consciousness.biometrics.data.reduce((n, s) => n + s.latest.length, 0),
};
// Sign-in records, not the person's content: sessions (cookies) and linked sign-in accounts (OAuth tokens). And
// memory_counts and memory_words: derived from the memories by triggers (migrations 0015, 0039), rebuilt by them when a file is imported. And
// twin_embeddings: vectors computed from the memories and answers by the embedding job, computed again after an import.
// memory_idempotency_keys: which retried requests were already answered, not content. legacy_releases: where this
// account's legacy stands (released after a death report, say), which must never travel to another account by import:
// its settings are exported (legacySettings), its state, confirmations and audit log are this account's history.
// user_activity: when this account last signed in, a sign-in record like the sessions. legacy_documents: what a contact
// attached to a report of this person's death, kept for their executors; not the person's own content (the owner
// downloads them from Legacy). consciousness_traits: derived from the latest questionnaire's scores, rebuilt when one is
// imported. memorial_addresses: the address this account holds and any a released memorial was served at, kept on
// this server so none of those is handed on (the one in use is in legacySettings). biometric_imports: which device files were uploaded and how reading them went;
// the files are not kept, and what was read from them travels as consciousness.biometrics.
// age_guardian_requests: a guardian's pending consent link (sealed, gone in 7 days); the consent itself is in `age`.
const notExported = new Set([
  "age_guardian_requests",
  "biometric_imports",
  "session",
  "account",
  "memory_counts",
  "memory_words",
  "twin_embeddings",
  "memory_idempotency_keys",
  "legacy_releases",
  "legacy_confirmations",
  "legacy_audit",
  "user_activity",
  "legacy_documents",
  "consciousness_traits",
  "memorial_addresses",
  // Mails about the release waiting to go to the owner's contacts (issue 34): delivery state with other people's
  // addresses, not the person's own material; the history the mails describe is in the legacy section.
  "legacy_outbox",
]);

describe("consciousness export", () => {
  it("holds every table the user owns, row for row, and nobody else's rows", async () => {
    const { cookie, userId } = await fillAccount(t, "complete.export@example.com");
    // A voice-use consent, its recording written as the consent endpoint would.
    await t.owner.query(
      `WITH s AS (INSERT INTO voice_sessions (user_id, storage_key, duration_seconds, file_size, filename, purpose, sha256)
         VALUES ($1, $1 || '/voice_c.webm', 18.2, 150000, 'voice_c.webm', 'consent', repeat('ab', 32)) RETURNING id)
       INSERT INTO voice_consents (user_id, voice_session_id, scope, statement, sha256, duration_seconds, check_result)
       SELECT $1, s.id, 'contacts-after-release', 'I am Ada, and today is 1 March 2026. I agree.', repeat('ab', 32), 18.2, 'heard' FROM s`,
      [userId],
    );
    // A conversation this person had, as a legacy contact, with someone else's released twin.
    await t.owner.query(
      `INSERT INTO legacy_visitor_messages (user_id, owner_id, owner_name, message_type, prompt, response) VALUES ($1, $1, 'Grandma Rose', 'user', 'What did you grow?', '')`,
      [userId],
    );
    const another = await fillAccount(t, "another.person@example.com");
    await t.owner.query(`UPDATE age_checks SET birth_date = '1961-07-08' WHERE user_id = $1`, [another.userId]);
    const file = await download(cookie);
    expect(file.voiceConsents.data[0]?.check).toBe("heard");

    const tables = (await t.owner.query(`SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY 1`)).rows.map((r) => r.table_name as string);
    for (const table of tables) {
      if (notExported.has(table)) continue;
      expect(exportedCount, `table ${table} is not in the export`).toHaveProperty(table);
      const stored = (await t.owner.query(`SELECT count(*)::int AS n FROM "${table}" WHERE user_id = $1`, [userId])).rows[0].n;
      expect(stored, table).toBeGreaterThan(0);
      expect(exportedCount[table]!(file), table).toBe(stored);
    }
    expect(JSON.stringify(file)).not.toContain("another.person");
    expect(JSON.stringify(file)).not.toContain("1961-07-08");
  });

  it("holds the person's own age record: the date as stated, who stated it, and a guardian's consent", async () => {
    const { cookie, userId } = await fillAccount(t, "teen.export@example.com");
    const before = await download(cookie);
    expect(before.age).toMatchObject({ birthDate: "1980-05-17", statedBy: "self", guardianConsentedAt: null });
    expect(Date.parse(before.age!.statedAt)).toBeGreaterThan(0);
    // A support correction to a 16-year-old whose guardian consented (as `npm run admin -- age` and the link would write).
    const sixteen = `${new Date().getUTCFullYear() - 16}-02-01`;
    await t.owner.query(
      `UPDATE age_checks SET birth_date = $2, stated_by = 'support', guardian_email = 'guardian.of.teen@example.com', guardian_confirmed_at = '2026-03-04T05:06:07Z', correction_note = 'ticket 12' WHERE user_id = $1`,
      [userId, sixteen],
    );
    const after = await download(cookie);
    expect(after.age).toMatchObject({ birthDate: sixteen, statedBy: "support", guardianConsentedAt: "2026-03-04T05:06:07.000Z" });
    // The guardian's address is theirs, and support's note is support's.
    expect(JSON.stringify(after)).not.toContain("guardian.of.teen");
    expect(JSON.stringify(after)).not.toContain("ticket 12");
    // An account older than the check has none; a consent recorded before the check reads "not-checked".
    await t.owner.query(`DELETE FROM age_checks WHERE user_id = $1`, [userId]);
    expect((await download(cookie)).age).toBeNull();
  });

  it("has the spec's structure and the person's real values", async () => {
    const { cookie } = await fillAccount(t, "structure@example.com");
    const response = await get(t, "/api/export/consciousness", cookie);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="consciousness-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers["content-type"]).toContain("application/json");
    const file = consciousnessExportSchema.parse(JSON.parse(response.body));
    expect(file.metadata).toMatchObject({ version: "1.0", platform: "Mindprint", format: "mindprint-consciousness-export" });
    expect(file.profile).toMatchObject({ email: "structure@example.com", firstName: "Ada", birthday: "1950-03-14", legacyPreference: "family", userIntents: ["preserve_memory", "build_twin"] });
    expect(file.memories.count).toBe(3);
    const lake = file.memories.data.find((m) => m.content.includes("green lake"));
    expect(lake?.versions.map((v) => v.content)).toEqual([
      "I learned to swim in the cold lake behind my grandmother's house in 1958.",
      "I learned to swim in the cold, green lake behind my grandmother's house in 1958.",
    ]);
    expect(file.memories.data.find((m) => m.content.includes("shipyard"))?.hiddenFromTwin).toBe(true);
    expect(file.consciousness.state.currentEmotion).toBeNull();
    expect(file.consciousness.completeness.percent).toBeGreaterThan(0);
    expect(file.personality.traits.length).toBeGreaterThan(0);
    // Two memories, and the eight facets the questionnaire maps to family and relationships.
    expect(file.personality.patterns.mapping.find((m) => m.domain === "family")?.traits).toBe(10);
    expect(file.conversations.data.find((c) => c.messageType === "ai")).toMatchObject({ authenticityScore: 87, feedback: "up", modelName: "local" });
    expect(file.voiceSessions.data.map((s) => s.filename).sort()).toEqual(["voice_a.webm", "voice_b.webm"]);
    // Storage paths stay on the server.
    expect(response.body).not.toContain("storage_key");
    expect(response.body).not.toContain("/voice_a.webm");
  });

  // Microsecond timestamps, as now() writes them: a cursor that rounds to milliseconds would repeat rows.
  it("streams vaults larger than one page, oldest first, each memory once with its history", async () => {
    const cookie = await signIn(t, "large.vault@example.com");
    const userId = (await get(t, "/api/session", cookie)).json().user.id;
    const total = EXPORT_PAGE_SIZE * 2 + 37;
    await t.owner.query(
      `WITH m AS (
         INSERT INTO memories (user_id, content, emotion, category, authenticity_score, created_at)
         SELECT $1, 'Memory number ' || g, 'Joy', 'personal', 10, timestamptz '2020-01-01 00:00:00.000001' + g * interval '1.000123 second' FROM generate_series(1, $2) g
         RETURNING id, user_id, content, emotion, category, tags, emotional_intensity, created_at)
       INSERT INTO memory_versions (memory_id, user_id, version, content, emotion, category, tags, emotional_intensity, created_at)
       SELECT id, user_id, 1, content, emotion, category, tags, emotional_intensity, created_at FROM m`,
      [userId, total],
    );
    const file = await download(cookie);
    expect(file.memories.count).toBe(total);
    expect(file.memories.data.map((m) => m.content)).toEqual(Array.from({ length: total }, (_, i) => `Memory number ${i + 1}`));
    expect(file.memories.data.every((m) => m.versions.length === 1)).toBe(true);
  });

  it("needs a sign-in within the last 10 minutes, like every export and the import", async () => {
    const cookie = await signIn(t, "stale.export@example.com");
    await t.owner.query(`UPDATE session SET created_at = now() - interval '11 minutes' WHERE user_id = (SELECT id FROM "user" WHERE email = 'stale.export@example.com')`);
    const calls = [
      get(t, "/api/export/consciousness", cookie),
      get(t, "/api/export/voice-archive", cookie),
      get(t, "/api/export/voice-recordings", cookie),
      send(t, "POST", "/api/export/consciousness/encrypted", { passphrase: "a long enough passphrase" }, cookie),
      send(t, "POST", "/api/import", { file: "{}" }, cookie),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: "reauth_required", message: messages.reauthRequired });
    }
    // The figures are not sensitive in the same way: the summary still answers.
    expect((await get(t, "/api/export/summary", cookie)).statusCode).toBe(200);
  });

  it("needs a signed-in user", async () => {
    for (const url of ["/api/export/consciousness", "/api/export/voice-archive", "/api/export/summary"]) {
      expect((await get(t, url)).statusCode).toBe(401);
    }
  });
});

describe("export summary and voice archive", () => {
  it("counts sessions, voice hours, memories and total MB from the person's rows", async () => {
    const { cookie, userId } = await fillAccount(t, "summary@example.com");
    const summary = exportSummaryResponseSchema.parse((await get(t, "/api/export/summary", cookie)).json());
    expect(summary.sessions).toBe(2);
    expect(summary.voiceHours).toBe(0); // 125.5 s = 0.03 h, one decimal
    expect(summary.memories).toBe(3);
    const text = (
      await t.owner.query(
        `SELECT (SELECT coalesce(sum(octet_length(content)),0) FROM memories WHERE user_id = $1)
              + (SELECT coalesce(sum(octet_length(content)),0) FROM memory_versions WHERE user_id = $1)
              + (SELECT coalesce(sum(octet_length(statement) + octet_length(response)),0) FROM digital_twin_validation_feedback WHERE user_id = $1)
              + (SELECT coalesce(sum(octet_length(summary)),0) FROM ai_reflections WHERE user_id = $1)
              + (SELECT coalesce(sum(octet_length(prompt) + octet_length(response)),0) FROM twin_conversations WHERE user_id = $1) AS bytes`,
        [userId],
      )
    ).rows[0].bytes;
    expect(summary.totalMegabytes).toBe(Math.round((1_600_000 + Number(text)) / 100_000) / 10);
    expect(Object.fromEntries(summary.contents.map((c) => [c.key, c.count]))).toEqual({
      profile: 1,
      memories: 3,
      memoryVersions: 4,
      calibrationAnswers: 2,
      reflection: 1,
      personalityAttempts: 2,
      scenarioAnswers: 2,
      conversations: 2,
      voiceSessions: 2,
      voiceProfiles: 1,
      biometricDays: 6,
    });
  });

  it("writes voice-archive-{date}.json with metadata and every session", async () => {
    const { cookie } = await fillAccount(t, "archive@example.com");
    const response = await get(t, "/api/export/voice-archive", cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="voice-archive-\d{4}-\d{2}-\d{2}\.json"$/);
    const archive = voiceArchiveSchema.parse(response.json());
    expect(archive.metadata).toMatchObject({ totalSessions: 2, totalSeconds: 125.5 });
    expect(archive.metadata.note).toContain("not inside this JSON file");
    expect(archive.sessions.map((s) => s.durationSeconds).sort()).toEqual([30, 95.5]);
  });
});
