import crypto from "node:crypto";
import pg from "pg";
import { parseTags } from "../../src/contract/memory-options";
import { loadConfig } from "../../src/server/config";
import { createAppContext } from "../../src/server/create-context";
import { openDatabase } from "../../src/server/db/client";
import { prepareAppLogin } from "../../src/server/db/app-login";
import { openAuthDatabase } from "../../src/server/db/auth-database";
import { sql } from "drizzle-orm";
import { withUserScope } from "../../src/server/db/user-scope";
import { createMemory } from "../../src/server/features/memories/service";
import { submitCalibration } from "../../src/server/features/onboarding/service";
import { ensureProfile, saveIdentity, saveIntents } from "../../src/server/features/profile/service";
import { startAnswer } from "../../src/server/features/twin/answer";
import { addPerson, listPeople } from "../../src/server/features/twin/people";
import { openVisitorTwin, startVisitorAnswer } from "../../src/server/features/twin/visitor";
import { setUpAskers, type Asker } from "./askers";
import { embedStaleSources } from "../../src/server/features/twin/embedding-job";
import { freshDatabase } from "./database";
import { writeRandomVectors } from "./random-vectors";
import type { PersonaFile } from "./persona-file";
import type { Embedder } from "../../src/server/providers/embeddings";

export interface QuestionResult {
  question: string;
  /** Who asked: a family member's relationship (asked through their twin), or undefined for the person themself. */
  asker?: string;
  expected: string[];
  cited: string[];
  ttftMs: number;
  answer: string;
  /** Every candidate the decision weighed, by the persona's ids, with the reader's chance. */
  weighed: Array<{ id: string; p: number }>;
}

export interface EvalSummary {
  citation_precision: number;
  citation_recall: number;
  abstention_accuracy: number;
  ttft_ms_median: number;
  ttft_ms_p95: number;
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * Micro-averaged over the answerable questions (expect not empty): precision = correct citations / all citations,
 * recall = expected ids cited / expected ids. Abstention: share of unanswerable questions answered with no citation.
 */
export function summarise(results: QuestionResult[]): EvalSummary {
  const answerable = results.filter((r) => r.expected.length > 0);
  const unanswerable = results.filter((r) => r.expected.length === 0);
  const cited = answerable.reduce((n, r) => n + r.cited.length, 0);
  const correct = answerable.reduce((n, r) => n + r.cited.filter((id) => r.expected.includes(id)).length, 0);
  const expected = answerable.reduce((n, r) => n + r.expected.length, 0);
  const found = answerable.reduce((n, r) => n + r.expected.filter((id) => r.cited.includes(id)).length, 0);
  const ttft = results.map((r) => r.ttftMs);
  return {
    citation_precision: round(cited === 0 ? 0 : correct / cited),
    citation_recall: round(expected === 0 ? 0 : found / expected),
    abstention_accuracy: round(unanswerable.length === 0 ? 1 : unanswerable.filter((r) => r.cited.length === 0).length / unanswerable.length),
    ttft_ms_median: round(percentile(ttft, 50), 1),
    ttft_ms_p95: round(percentile(ttft, 95), 1),
  };
}

export interface RunOptions {
  /** Extra memories written around the persona's, to measure at scale (the bench uses 10,000). */
  fillerMemories?: number;
  /** The twin's encoder, when not the product's own (the fine-tuned reader): to measure another beside it. */
  embedder?: Embedder;
  /** Each owner confirms every person their memories suggest for the People list, as an owner following its advice would. */
  confirmPeople?: boolean;
  onResult?: (result: QuestionResult) => void;
}

export interface PersonaRun {
  file: PersonaFile;
  results: QuestionResult[];
  summary: EvalSummary;
}

/**
 * Loads each persona into an account of its own on one fresh database, asks every question, and measures the answers.
 * `rounds` (fitting only) runs the questions again after each call of `before`, without loading anything twice.
 */
export async function runEvaluation(
  file: PersonaFile | PersonaFile[],
  options: RunOptions & { rounds?: number; before?: (round: number) => void; onRound?: (round: number, runs: PersonaRun[]) => void } = {},
): Promise<{ results: QuestionResult[]; summary: EvalSummary; runs: PersonaRun[] }> {
  const files = Array.isArray(file) ? file : [file];
  const database = await freshDatabase();
  const handle = openDatabase(await prepareAppLogin(database.url), { max: 4 });
  const fixtures = new pg.Client({ connectionString: database.url });
  await fixtures.connect();
  try {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      PUBLIC_URL: "http://localhost:3000",
      AUTH_SECRET: process.env.AUTH_SECRET ?? crypto.randomBytes(24).toString("hex"),
      LOG_LEVEL: "silent",
    });
    const ctx = createAppContext(config, handle.db, "external", { mailer: { kind: "smtp", send: async () => {} }, ...(options.embedder ? { embedder: options.embedder } : {}) });
    const loaded: Array<{ file: PersonaFile; userId: string; ids: Map<string, string>; askers: Map<string, Asker> }> = [];
    for (const persona of files) {
      const { userId, ids } = await loadPersona(ctx, handle, database.url, persona, options.fillerMemories ?? 0);
      if (options.confirmPeople) for (const s of (await listPeople(handle.db, userId)).suggestions) await addPerson(handle.db, userId, { name: s.name, relationship: s.relationship });
      // Questions that carry `asker` are asked by that family member, through their twin, after the release.
      const askers = await setUpAskers(database.url, userId, persona.questions.flatMap((q) => (q.asker ? [q.asker] : [])));
      loaded.push({ file: persona, userId, ids, askers });
    }
    let runs: PersonaRun[] = [];
    for (let round = 0; round < (options.rounds ?? 1); round += 1) {
      options.before?.(round);
      runs = [];
      for (const { file: persona, userId, ids, askers } of loaded) {
        const results: QuestionResult[] = [];
        for (const { q, expect, asker } of persona.questions) {
          const started = performance.now();
          const family = asker ? askers.get(asker) : undefined;
          const { result, save, turn } = family
            ? await startVisitorAnswer(ctx, family.readerId, await openVisitorTwin(ctx, family.readerId, family.contactId), q, new AbortController().signal)
            : await startAnswer(ctx, userId, q);
          let ttftMs = -1;
          for await (const delta of result.textStream) if (ttftMs < 0 && delta.length > 0) ttftMs = performance.now() - started;
          const saved = await save();
          const cited = [...saved.lineage.memoryIds, ...saved.lineage.calibrationIds].map((id) => ids.get(id) ?? `unknown:${id}`);
          const weighed = turn.retrieval.weighed.map((w) => ({ ...w, id: ids.get(w.id) ?? `unknown:${w.id}` }));
          const entry = { question: q, ...(asker ? { asker } : {}), expected: expect, cited, ttftMs, answer: saved.text, weighed };
          results.push(entry);
          if ((options.rounds ?? 1) === 1) options.onResult?.(entry);
          // Each question stands alone: the next one must not lean on this answer.
          await withUserScope(handle.db, userId, (tx) => tx.execute(sql`DELETE FROM twin_conversations WHERE user_id = ${userId}`));
          // (The app's role may not delete a visitor's messages: the owner's connection does, as a fixture would.)
          if (family) await fixtures.query(`DELETE FROM legacy_visitor_messages WHERE user_id = $1`, [family.readerId]);
        }
        runs.push({ file: persona, results, summary: summarise(results) });
      }
      options.onRound?.(round, runs);
    }
    const all = runs.flatMap((r) => r.results);
    return { results: all, summary: summarise(all), runs };
  } finally {
    await fixtures.end();
    await handle.close();
    await database.dispose();
  }
}

/** A fresh account holding one persona's profile, memories and calibration answers, every one read for meaning. */
async function loadPersona(ctx: ReturnType<typeof createAppContext>, handle: ReturnType<typeof openDatabase>, databaseUrl: string, file: PersonaFile, filler: number) {
  const userId = crypto.randomUUID();
  // A fresh account, created the way sign-in creates one (a user row, on the sign-in pool, and its profile).
  const signIn = await openAuthDatabase(databaseUrl, { max: 1 });
  await signIn.pool.query(`INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at) VALUES ($1, '', $2, true, now(), now())`, [userId, `eval-${userId}@example.invalid`]);
  await signIn.close();
  await ensureProfile(handle.db, userId);
  const persona = file.persona ?? {};
  if (persona.first_name && persona.legacy_preference) await saveIdentity(handle.db, userId, { firstName: persona.first_name, birthday: persona.birthday ?? null, legacyPreference: persona.legacy_preference });
  if (persona.user_intents?.length) await saveIntents(handle.db, userId, persona.user_intents.slice(0, 3));
  const ids = new Map<string, string>();
  if (filler) await writeFillerMemories(databaseUrl, userId, filler, ctx.embedder.modelId);
  for (const m of file.memories) {
    const tags = Array.isArray(m.tags) ? m.tags : parseTags(m.tags);
    const memory = await createMemory(handle.db, userId, { content: m.content, emotion: m.emotion, category: m.category, tags, emotionalIntensity: m.emotional_intensity ?? 5, seal: null, happenedOn: m.happened_on ?? null });
    ids.set(memory.id, m.id);
  }
  for (const c of file.calibration) {
    const answer = await submitCalibration(handle.db, userId, { statement: c.statement, response: c.response });
    ids.set(answer.id, c.id);
  }
  // What the background job does after a person writes: every memory and answer gets its vectors before questions.
  await embedStaleSources(handle.db, ctx.embedder, userId, Number.POSITIVE_INFINITY);
  return { userId, ids };
}

/** Realistic-looking but unrelated memories (varied words, emotions and categories) written in one statement. */
// Written over the database owner's connection (not the app role), like a bulk load, then ANALYZEd.
export async function insertFillerMemories(ownerUrl: string, userId: string, count: number): Promise<pg.Client> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  await owner.query(
    `WITH words AS (SELECT ARRAY['harbor','kitchen','winter','letter','bicycle','orchard','market','teacher','violin','river','ladder','station',
       'garden','notebook','lantern','meadow','ferry','bakery','library','mountain','porch','attic','chapel','factory'] AS w),
     m AS (
       INSERT INTO memories (user_id, content, emotion, category, tags, authenticity_score, created_at)
       SELECT $1,
         'I remember the ' || w[1 + (g * 7) % 24] || ' near the ' || w[1 + (g * 11) % 24] || ' and how the ' || w[1 + (g * 13) % 24] ||
         ' looked that year, ' || (1950 + g % 70) || '. We talked about the ' || w[1 + (g * 17) % 24] || ' for weeks.',
         (ARRAY['Joy','Love','Pride','Excitement','Reflection','Sadness','Anger','Fear','Surprise','Nostalgia'])[1 + g % 10],
         (ARRAY['personal','family','career','relationships','achievements','travel','learning','creative'])[1 + g % 8],
         ARRAY[w[1 + (g * 5) % 24]], 40, now() - (g || ' minutes')::interval
       FROM generate_series(1, $2) AS g, words
       RETURNING id, user_id, content, emotion, category, tags, emotional_intensity, created_at)
     INSERT INTO memory_versions (memory_id, user_id, version, content, emotion, category, tags, emotional_intensity, created_at)
     SELECT id, user_id, 1, content, emotion, category, tags, emotional_intensity, created_at FROM m`,
    [userId, count],
  );
  return owner;
}

/** Filler memories with vectors already stored, as if the embedding job had run over them. */
async function writeFillerMemories(ownerUrl: string, userId: string, count: number, modelId: string) {
  const owner = await insertFillerMemories(ownerUrl, userId, count);
  await owner.end();
  await writeRandomVectors(ownerUrl, userId, modelId);
  const analyze = new pg.Client({ connectionString: ownerUrl });
  await analyze.connect();
  await analyze.query("VACUUM ANALYZE memories");
  await analyze.query("VACUUM ANALYZE twin_embeddings");
  await analyze.end();
}
