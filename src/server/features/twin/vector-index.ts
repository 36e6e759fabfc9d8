import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { decodeVectors } from "./vector-codec";

interface UserVectors {
  count: number;
  latest: string | null;
  ids: string[];
  /** The whole-text vector of each memory, `ids.length × dimensions` floats. */
  whole: Float32Array;
  dimensions: number;
}

export interface VectorIndex {
  /** The ids of the person's memories whose whole-text vectors are closest to `query`, best first, with the score. */
  nearest(tx: Transaction, userId: string, modelId: string, query: Float32Array, limit: number): Promise<Array<{ id: string; score: number }>>;
}

// A person's vectors are read from PostgreSQL once and kept; every question checks (one indexed count) whether any
// were added, replaced or removed since, and reads only what changed. 100 people of 10,000 memories is ~2 GB, so
// the least recently asked are dropped first.
const MAX_PEOPLE = 32;

/**
 * Whole-memory vectors per person, kept in this process. The rows stay the truth (a second process keeps its own
 * copy and sees the same changes), and reads go through the caller's user-scoped transaction, so row-level security
 * applies to them too.
 */
export function createVectorIndex(): VectorIndex {
  const cache = new Map<string, UserVectors>();

  async function load(tx: Transaction, userId: string, modelId: string, dimensions: number): Promise<UserVectors> {
    const key = `${userId}\u0000${modelId}`;
    const stamp = await tx.execute<{ n: number; latest: string | null }>(sql`
      SELECT count(*)::int AS n, max(embedded_at)::text AS latest FROM twin_embeddings
      WHERE user_id = ${userId} AND model_id = ${modelId} AND memory_id IS NOT NULL`);
    const { n, latest } = stamp.rows[0] ?? { n: 0, latest: null };
    let entry = cache.get(key);
    if (entry && entry.count === n && entry.latest === latest && entry.dimensions === dimensions) {
      cache.delete(key);
      cache.set(key, entry);
      return entry;
    }
    // Only rows newer than what is held; a removal (fewer rows than held plus new) means reading everything again.
    const since = entry && entry.dimensions === dimensions ? entry.latest : null;
    const rows = await tx.execute<{ id: string; whole: Buffer }>(sql`
      SELECT memory_id AS id, substring(vectors FROM 1 FOR ${dimensions * 4}) AS whole FROM twin_embeddings
      WHERE user_id = ${userId} AND model_id = ${modelId} AND memory_id IS NOT NULL
        ${since ? sql`AND embedded_at > ${since}::timestamptz` : sql``}`);
    const held = since && entry ? entry : null;
    const positions = new Map((held?.ids ?? []).map((id, i) => [id, i]));
    const ids = [...(held?.ids ?? [])];
    for (const r of rows.rows) {
      if (!positions.has(r.id)) {
        positions.set(r.id, ids.length);
        ids.push(r.id);
      }
    }
    // A count that does not add up (a removal, or a row committed late with an older time) means reading everything.
    if (held && ids.length !== n) {
      cache.delete(key);
      return load(tx, userId, modelId, dimensions);
    }
    const whole = new Float32Array(ids.length * dimensions);
    if (held) whole.set(held.whole.subarray(0, held.ids.length * dimensions));
    for (const r of rows.rows) whole.set(decodeVectors(r.whole).subarray(0, dimensions), positions.get(r.id)! * dimensions);
    entry = { count: ids.length, latest, ids, whole, dimensions };
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > MAX_PEOPLE) cache.delete(cache.keys().next().value!);
    return entry;
  }

  return {
    async nearest(tx, userId, modelId, query, limit) {
      const entry = await load(tx, userId, modelId, query.length);
      const d = entry.dimensions;
      const top: Array<{ id: string; score: number }> = [];
      for (let row = 0; row < entry.ids.length; row++) {
        let sum = 0;
        const offset = row * d;
        for (let i = 0; i < d; i++) sum += query[i]! * entry.whole[offset + i]!;
        if (top.length < limit || sum > top[top.length - 1]!.score) {
          top.push({ id: entry.ids[row]!, score: sum });
          top.sort((a, b) => b.score - a.score);
          if (top.length > limit) top.pop();
        }
      }
      return top;
    },
  };
}
