/** Turns text into unit-length vectors whose dot product measures closeness of meaning. */
export interface Embedder {
  /** Recorded with every stored vector; a different id means every vector must be computed again. */
  readonly modelId: string;
  readonly dimensions: number;
  /**
   * Embeds texts off the event loop. "query" work (the one question being asked) goes ahead of "background" work
   * (memories waiting for their vectors), so a backfill never holds up an answer for long.
   */
  embed(texts: string[], priority: "query" | "background"): Promise<Float32Array[]>;
}

/** Scales a vector to unit length in place, so cosine similarity is a plain dot product. */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

