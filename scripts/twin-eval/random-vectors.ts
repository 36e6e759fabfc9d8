import pg from "pg";
import { encodeVectors } from "../../src/server/features/twin/vector-codec";

function randomUnit(dimensions = 512): Float32Array {
  const v = Float32Array.from({ length: dimensions }, () => Math.random() - 0.5);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

/**
 * Vectors for every memory of a person that has none: random unit vectors in the stored layout (whole text and two
 * sentences), so a question scans and reads exactly what it would for that many embedded memories without the minutes
 * of computing them. Random vectors sit near cosine 0 to any question: they cost what real memories cost, and compete as
 * unrelated ones do. (bench/twin-embedding-backfill.ts embeds 10,000 memories for real.)
 */
export async function writeRandomVectors(ownerUrl: string, userId: string, modelId: string): Promise<void> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    const ids = (
      await owner.query<{ id: string }>(`SELECT m.id FROM memories m WHERE m.user_id = $1 AND NOT EXISTS (SELECT 1 FROM twin_embeddings e WHERE e.memory_id = m.id)`, [userId])
    ).rows.map((r) => r.id);
    for (let start = 0; start < ids.length; start += 500) {
      const batch = ids.slice(start, start + 500);
      const values = batch.map((_, i) => `($1, $${i * 2 + 3}::uuid, $2, 'filler', $${i * 2 + 4})`).join(", ");
      const params: unknown[] = [userId, modelId];
      for (const id of batch) params.push(id, encodeVectors([randomUnit(), randomUnit(), randomUnit()]));
      await owner.query(`INSERT INTO twin_embeddings (user_id, memory_id, model_id, text_hash, vectors) VALUES ${values}`, params);
    }
    await owner.query(`UPDATE twin_embeddings e SET text_hash = memory_embedding_hash(m.content, m.tags) FROM memories m WHERE m.id = e.memory_id AND e.text_hash = 'filler'`);
  } finally {
    await owner.end();
  }
}
