import { normalise, type Embedder } from "./embedder";

/** Runs one batch: the texts' vectors end to end (`count` × dimensions). */
export type EmbedBatch = (texts: string[]) => Promise<Float32Array>;

interface Request {
  texts: string[];
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/**
 * An encoder behind two queues, one batch at a time, questions first: a question waits at most for one background
 * batch. `idle` is told when both queues are empty (a thread is let go so it keeps no finished process alive).
 */
export function createQueuedEmbedder(model: Omit<Embedder, "embed">, run: EmbedBatch, idle: () => void = () => {}): Embedder {
  const { dimensions } = model;
  const queries: Request[] = [];
  const background: Request[] = [];
  let busy = false;

  function next() {
    if (busy) return;
    const request = queries.shift() ?? background.shift();
    if (!request) return idle();
    busy = true;
    run(request.texts)
      .then(
        (flat) => request.resolve(request.texts.map((_, i) => normalise(flat.slice(i * dimensions, (i + 1) * dimensions)))),
        (error: unknown) => request.reject(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => {
        busy = false;
        next();
      });
  }

  return {
    ...model,
    embed(texts, priority) {
      if (texts.length === 0) return Promise.resolve([]);
      return new Promise((resolve, reject) => {
        (priority === "query" ? queries : background).push({ texts, resolve, reject });
        next();
      });
    },
  };
}
