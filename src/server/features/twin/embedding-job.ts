import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import { enqueueJob } from "../../platform/jobs/job-queue";
import { safeErrorLine } from "../../platform/log-safe-error";
import type { JobHandler } from "../../platform/jobs/job-worker";
import type { Embedder } from "../../providers/embeddings";
import { encodeVectors } from "./vector-codec";
import { calibrationTexts, memoryTexts } from "./encoder-texts";

export const TWIN_EMBED_JOB = "twin-embed";
// Small batches: a question waits for at most one of them in the encoder's thread (~30 ms a text).
const BATCH = 4;
const TEXTS_PER_CALL = 8;
// One run embeds at most this many, then queues its own continuation, so a 10,000-memory backfill never holds the
// worker (and everyone's voice training behind it) for long.
const PER_RUN = 200;
// Rows read per scan for stale vectors.
const READ_AHEAD = 100;

interface StaleSource {
  kind: "memory" | "calibration";
  id: string;
  hash: string;
  /** What is embedded: the whole text first, then its parts. */
  texts: string[];
}

async function readStale(tx: Transaction, userId: string, encoder: Embedder, limit: number): Promise<StaleSource[]> {
  const { modelId } = encoder;
  const memories = await tx.execute<{ id: string; content: string; tags: string[]; hash: string }>(sql`
    SELECT m.id, m.content, m.tags, memory_embedding_hash(m.content, m.tags) AS hash FROM memories m
    LEFT JOIN twin_embeddings e ON e.memory_id = m.id AND e.model_id = ${modelId} AND e.text_hash = memory_embedding_hash(m.content, m.tags)
    WHERE m.user_id = ${userId} AND e.id IS NULL ORDER BY m.created_at DESC LIMIT ${limit}`);
  const sources: StaleSource[] = memories.rows.map((r) => ({ kind: "memory", id: r.id, hash: r.hash, texts: memoryTexts(encoder, r.content, r.tags) }));
  if (sources.length >= limit) return sources;
  const answers = await tx.execute<{ id: string; statement: string; response: string; hash: string }>(sql`
    SELECT c.id, c.statement, c.response, calibration_embedding_hash(c.statement, c.response) AS hash FROM digital_twin_validation_feedback c
    LEFT JOIN twin_embeddings e ON e.calibration_id = c.id AND e.model_id = ${modelId} AND e.text_hash = calibration_embedding_hash(c.statement, c.response)
    WHERE c.user_id = ${userId} AND e.id IS NULL ORDER BY c.created_at DESC LIMIT ${limit - sources.length}`);
  return [...sources, ...answers.rows.map((r) => ({ kind: "calibration" as const, id: r.id, hash: r.hash, texts: calibrationTexts(encoder, r.statement, r.response) }))];
}

// Stored only if the row still has the text that was embedded: an edit made meanwhile has queued its own job.
async function writeVectors(tx: Transaction, userId: string, modelId: string, source: StaleSource, vectors: Float32Array[]) {
  const bytes = encodeVectors(vectors);
  if (source.kind === "memory") {
    await tx.execute(sql`
      INSERT INTO twin_embeddings (user_id, memory_id, model_id, text_hash, vectors)
      SELECT ${userId}, m.id, ${modelId}, ${source.hash}, ${bytes} FROM memories m
      WHERE m.id = ${source.id} AND m.user_id = ${userId} AND memory_embedding_hash(m.content, m.tags) = ${source.hash}
      ON CONFLICT (memory_id) DO UPDATE SET model_id = excluded.model_id, text_hash = excluded.text_hash, vectors = excluded.vectors, embedded_at = clock_timestamp()`);
  } else {
    await tx.execute(sql`
      INSERT INTO twin_embeddings (user_id, calibration_id, model_id, text_hash, vectors)
      SELECT ${userId}, c.id, ${modelId}, ${source.hash}, ${bytes} FROM digital_twin_validation_feedback c
      WHERE c.id = ${source.id} AND c.user_id = ${userId} AND calibration_embedding_hash(c.statement, c.response) = ${source.hash}
      ON CONFLICT (calibration_id) DO UPDATE SET model_id = excluded.model_id, text_hash = excluded.text_hash, vectors = excluded.vectors, embedded_at = clock_timestamp()`);
  }
}

/**
 * Gives every memory and calibration answer of one person a vector from the current model for its current text,
 * a few at a time at background priority. Returns how many it embedded and whether any are left.
 */
export async function embedStaleSources(db: AppContext["db"], embedder: Embedder, userId: string, max = PER_RUN): Promise<{ embedded: number; more: boolean }> {
  let embedded = 0;
  while (embedded < max) {
    // One scan finds a run's worth of stale rows (hashing the vault is the costly part); they are embedded a few at
    // a time, so a question never waits behind more than one small batch.
    const stale = await withUserScope(db, userId, (tx) => readStale(tx, userId, embedder, Math.min(READ_AHEAD, max - embedded)));
    if (stale.length === 0) return { embedded, more: false };
    for (let start = 0; start < stale.length; start += BATCH) {
      const batch = stale.slice(start, start + BATCH);
      // At most TEXTS_PER_CALL texts go to the encoder at once (a long memory is many sentences), so a question
      // waits behind one short call, whatever the memories are like.
      const texts = batch.flatMap((s) => s.texts);
      const vectors: Float32Array[] = [];
      for (let at = 0; at < texts.length; at += TEXTS_PER_CALL) vectors.push(...(await embedder.embed(texts.slice(at, at + TEXTS_PER_CALL), "background")));
      let at = 0;
      await withUserScope(db, userId, async (tx) => {
        for (const source of batch) {
          await writeVectors(tx, userId, embedder.modelId, source, vectors.slice(at, at + source.texts.length));
          at += source.texts.length;
        }
      });
    }
    embedded += stale.length;
  }
  return { embedded, more: true };
}

/** The durable job behind twin-embed: queued by the database triggers of migration 0016 and by start-up. */
export function twinEmbeddingJob(ctx: AppContext): JobHandler {
  return {
    kind: TWIN_EMBED_JOB,
    async run(payload) {
      const userId = String(payload.userId);
      const { more } = await embedStaleSources(ctx.db, ctx.embedder, userId);
      if (more) await enqueueJob(ctx.db, TWIN_EMBED_JOB, { userId });
    },
    isRetryable: () => true,
    // Nothing to undo: until a vector exists, full-text retrieval still finds the memory.
    onGiveUp: async () => {},
    describeError: (error) => `Embedding failed: ${safeErrorLine(error)}`,
  };
}

/** At start-up: queues a job for everyone whose material lacks a vector from this model (a new or changed model). */
export async function queueStaleEmbeddings(db: AppContext["db"], modelId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT twin_embed_enqueue_stale(${modelId}) AS n`);
  return Number(result.rows[0]?.n ?? 0);
}
