import type { Embedder } from "../../providers/embeddings";
import { questionText } from "./encoder-texts";

/** How long a question waits for the encoder before words alone must do. */
export const QUESTION_EMBED_TIMEOUT_MS = 3000;

const QUESTIONS_KEPT = 32;
const questionsAsked = new WeakMap<Embedder, Map<string, Promise<Float32Array | null>>>();

/**
 * A question's vector, as the person would say it of themselves, or null when the encoder failed or took longer than
 * a person should wait (words alone then answer). `startAnswer` asks for it while the crisis check runs, which reads
 * nothing of anyone's, so retrieval finds it ready; a vector depends on the words alone, so the last few are kept.
 */
export function questionVector(embedder: Embedder, question: string, askedBy?: string | null): Promise<Float32Array | null> {
  const text = questionText(embedder, question, askedBy);
  let kept = questionsAsked.get(embedder);
  if (!kept) questionsAsked.set(embedder, (kept = new Map()));
  const found = kept.get(text);
  if (found) return found;
  const vector = Promise.race([
    embedder.embed([text], "query").then(
      ([v]) => v ?? null,
      () => null,
    ),
    new Promise<null>((resolve) => setTimeout(resolve, QUESTION_EMBED_TIMEOUT_MS, null).unref()),
  ]);
  kept.set(text, vector);
  // A failure is not kept: the next question tries the encoder again.
  void vector.then((v) => v === null && kept.delete(text));
  while (kept.size > QUESTIONS_KEPT) kept.delete(kept.keys().next().value!);
  return vector;
}

// A memory written moments ago may not have its vectors yet (the background job is seconds behind): the few found by
// words or date are read for meaning now, at the question's priority, so the decision always knows how close they are.
const FRESH_EMBED_LIMIT = 6;
const FRESH_TEXTS_EACH = 4;
export async function embedFresh(embedder: Embedder, rows: Array<{ id: string; vectors: Buffer | null; texts: () => string[] }>): Promise<Map<string, Float32Array[]>> {
  const missing = rows.filter((r) => r.vectors === null).slice(0, FRESH_EMBED_LIMIT);
  if (missing.length === 0) return new Map();
  // A long memory is many sentences: its first few stand for it here (the background job reads all of them).
  const texts = missing.map((r) => r.texts().slice(0, FRESH_TEXTS_EACH));
  try {
    const vectors = await Promise.race([
      embedder.embed(texts.flat(), "query"),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("fresh embedding timed out")), QUESTION_EMBED_TIMEOUT_MS).unref()),
    ]);
    const out = new Map<string, Float32Array[]>();
    let at = 0;
    missing.forEach((r, i) => {
      out.set(r.id, vectors.slice(at, at + texts[i]!.length));
      at += texts[i]!.length;
    });
    return out;
  } catch {
    return new Map();
  }
}
