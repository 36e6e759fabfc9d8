import { expect } from "vitest";
import { get, send, signIn, type TestApp } from "../../test/harness";

export const userIdOf = async (t: TestApp, cookie: string): Promise<string> => (await get(t, "/api/session", cookie)).json().user.id;

/**
 * Gives a user a row in every user-owned table: profile answers, calibration, reflection, memories (one edited,
 * one hidden), and voice and twin rows written straight to the database (their screens come with later features).
 */
export async function fillAccount(t: TestApp, email: string): Promise<{ cookie: string; userId: string }> {
  const cookie = await signIn(t, email);
  const userId = await userIdOf(t, cookie);
  expect((await send(t, "PUT", "/api/profile/intents", { intents: ["preserve_memory", "build_twin"] }, cookie)).statusCode).toBe(200);
  expect((await send(t, "PUT", "/api/profile/identity", { firstName: "Ada", birthday: "1950-03-14", legacyPreference: "family" }, cookie)).statusCode).toBe(200);
  await send(t, "POST", "/api/onboarding/calibration", { statement: "A stranger asks for directions.", response: "I walk them there, it is faster." }, cookie);
  await send(t, "POST", "/api/onboarding/calibration", { statement: "You win the lottery.", response: "Pay off my daughter's house first." }, cookie);
  expect((await send(t, "POST", "/api/onboarding/reflection", {}, cookie)).statusCode).toBe(200);
  const first = await send(t, "POST", "/api/memories", { content: "I learned to swim in the cold lake behind my grandmother's house in 1958.", emotion: "Nostalgia", category: "family", tags: "lake, grandmother", emotionalIntensity: 8, happenedOn: "1958" }, cookie);
  expect(first.statusCode).toBe(201);
  const firstId = first.json().memory.id;
  await send(t, "PATCH", `/api/memories/${firstId}`, { content: "I learned to swim in the cold, green lake behind my grandmother's house in 1958.", happenedOn: "1958-07" }, cookie);
  const second = await send(t, "POST", "/api/memories", { content: "Leaving the shipyard job was the bravest thing I did.", emotion: "Pride", category: "career" }, cookie);
  await send(t, "PATCH", `/api/memories/${second.json().memory.id}`, { hiddenFromTwin: true }, cookie);
  await send(t, "POST", "/api/legacy/contacts", { name: "Rosa Vidal", email: "rosa.vidal@example.com", relationship: "sister", role: "executor" }, cookie);
  expect((await send(t, "POST", "/api/twin/people", { name: "Rosa Vidal", relationship: "sister" }, cookie)).statusCode).toBe(201);
  await send(t, "PUT", "/api/legacy/release/settings", { inactivityMonths: 12, deathReports: true, vetoDays: 10, memorialSlug: `ada-${userId.slice(0, 8).toLowerCase()}` }, cookie);
  // A completed Big Five questionnaire, and a second one half answered.
  const taken = (await send(t, "POST", "/api/personality/attempts", undefined, cookie)).json().attempt.id as string;
  await send(t, "PUT", `/api/personality/attempts/${taken}/answers`, { answers: Array.from({ length: 120 }, (_, i) => ({ item: i + 1, value: (i % 5) + 1 })) }, cookie);
  expect((await send(t, "POST", `/api/personality/attempts/${taken}/complete`, { sex: "female" }, cookie)).statusCode).toBe(200);
  const open = (await send(t, "POST", "/api/personality/attempts", undefined, cookie)).json().attempt.id as string;
  await send(t, "PUT", `/api/personality/attempts/${open}/answers`, { answers: [{ item: 1, value: 2 }, { item: 7, value: 4 }] }, cookie);
  // Two decision scenarios, one explained in the person's own words, each with the twin's prediction.
  for (const words of ["I would talk it over with my sister first.", ""]) {
    const next = (await get(t, "/api/personality/scenarios", cookie)).json().next;
    expect((await send(t, "POST", `/api/personality/scenarios/${next.scenario.id}/answers`, { kind: "first", choice: 1, words }, cookie)).statusCode).toBe(201);
  }
  // Who may reach it later travels with the memory: an audience and a seal.
  await send(t, "POST", "/api/memories", { content: "Our first dance was to a song neither of us liked.", emotion: "Love", category: "relationships", visibility: "twin-only", seal: { kind: "daysAfterRelease", days: 90 } }, cookie);

  const [profile] = (
    await t.owner.query(`INSERT INTO voice_profiles (user_id, voice_name, training_status, provider, similarity_score) VALUES ($1, 'Ada (kitchen)', 'ready', 'local', 0.812) RETURNING id`, [userId])
  ).rows;
  await t.owner.query(
    `INSERT INTO voice_sessions (user_id, voice_profile_id, storage_key, duration_seconds, file_size, filename) VALUES ($1, $2, $1 || '/voice_a.webm', 95.5, 1200000, 'voice_a.webm'), ($1, NULL, $1 || '/voice_b.webm', 30, 400000, 'voice_b.webm')`,
    [userId, profile.id],
  );
  // The second recording answered a capture question, and was transcribed.
  await t.owner.query(
    `WITH s AS (UPDATE voice_sessions SET capture_prompt_id = 'business-critical-decision', signals = $2 WHERE user_id = $1 AND filename = 'voice_b.webm' RETURNING id)
     INSERT INTO voice_transcripts (voice_session_id, user_id, status, engine, text) SELECT s.id, $1, 'done', 'PocketSphinx, offline, English', 'we sold the bakery' FROM s`,
    [userId, JSON.stringify({ analysedSeconds: 30, speechSeconds: 22.4, loudnessDbfs: -21.5, pitchHz: 182.5, pitchVariationSemitones: 2.4, syllablesPerSecond: 4.1, pauses: 3, meanPauseSeconds: 0.8, pauseShare: 0.12, cognitiveLoad: 1.9 })],
  );
  await t.owner.query(
    `INSERT INTO twin_conversations (user_id, message_type, prompt, response, created_at) VALUES ($1, 'user', 'Where did you learn to swim?', '', now() - interval '1 minute')`,
    [userId],
  );
  await t.owner.query(
    `INSERT INTO twin_conversations (user_id, message_type, prompt, response, authenticity_score, feedback, lineage, model_name, kind)
     VALUES ($1, 'ai', 'Where did you learn to swim?', 'In the cold lake behind my grandmother''s house.', 87, 'up', $2, 'local', 'answer')`,
    [userId, JSON.stringify({ memoryIds: [firstId], calibrationIds: [], traits: ["family-oriented"], provider: "local", retrievalMs: 3, generationMs: 9 })],
  );
  // A watch's imported days (two metrics, three days) and its newest readings, and the upload that brought them.
  await t.owner.query(
    `WITH s AS (INSERT INTO biometric_sources (user_id, format, name, device, first_day, last_day, readings) VALUES ($1, 'apple-health', 'Ada''s Apple Watch', 'watch', '2026-03-01', '2026-03-03', 150) RETURNING id),
     d AS (INSERT INTO biometric_daily (source_id, user_id, metric, day, value, min, max, count)
       SELECT s.id, $1, m, day, 60 + extract(day FROM day), 50, 90, 24 FROM s, unnest(ARRAY['heart_rate', 'steps']) m, generate_series(date '2026-03-01', date '2026-03-03', interval '1 day') day)
     INSERT INTO biometric_latest (source_id, user_id, metric, at, value) SELECT s.id, $1, m, timestamptz '2026-03-03 22:00+00', 61 FROM s, unnest(ARRAY['heart_rate', 'steps']) m`,
    [userId],
  );
  await t.owner.query(`INSERT INTO biometric_imports (user_id, filename, sha256, bytes, format, status, progress, finished_at) VALUES ($1, 'export.zip', repeat('cd', 32), 52000, 'apple-health', 'done', 1, now())`, [userId]);
  expect((await send(t, "POST", "/api/twin/insights/memory", {}, cookie)).statusCode).toBe(200);
  expect((await send(t, "POST", "/api/twin/insights/values", {}, cookie)).statusCode).toBe(200);
  return { cookie, userId };
}
