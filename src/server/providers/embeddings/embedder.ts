/** Turns text into unit-length vectors whose dot product measures closeness of meaning. */
export interface Embedder {
  /** Recorded with every stored vector; a different id means every vector must be computed again. */
  readonly modelId: string;
  readonly dimensions: number;
  /**
   * How the twin gives it texts. "sentences" (MiniLM): each memory whole and sentence by sentence, questions as asked.
   * "reader" (the twin's fine-tuned reader): each memory whole and each question in the form it was trained on
   * (features/twin/encoder-texts.ts), scored against `nothingScore`.
   */
  readonly reads: "sentences" | "reader";
  /**
   * A reader's learned "nothing answers this" (a memory whose cosine to the question is below it does not answer it),
   * and its calibration: the chance that the best memory answers is logistic(a × (cosine − nothingScore) + b).
   */
  readonly reader?: { nothingScore: number; calibration: { a: number; b: number }; wordsAlone?: boolean };
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

