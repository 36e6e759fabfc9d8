import { Worker } from "node:worker_threads";
import { normalise, type Embedder } from "./embedder";

interface Request {
  texts: string[];
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/**
 * An offline sentence encoder in a worker thread of its own (`threadUrl`), started on first use. The host keeps two
 * queues and hands the thread one request at a time, questions first, so a question waits at most for one background
 * batch. A thread that dies fails what it was doing and is started again by the next call. The thread answers
 * `{ flat, count }` (the vectors end to end) or `{ error }` for each `{ texts }` it is sent.
 */
export function createThreadEmbedder(model: { threadUrl: URL; modelId: string; dimensions: number }): Embedder {
  const DIMENSIONS = model.dimensions;
  let thread: Worker | null = null;
  let busy: Request | null = null;
  const queries: Request[] = [];
  const background: Request[] = [];

  function start(): Worker {
    // The thread runs TypeScript like the server does (tsx), whether the caller is the server, a test or a bench.
    const started = new Worker(model.threadUrl, { execArgv: ["--import", "tsx"] });
    started.unref();
    started.on("message", (message: { flat?: Float32Array; count?: number; error?: string }) => {
      const request = busy;
      busy = null;
      if (request) {
        if (message.error !== undefined || !message.flat) request.reject(new Error(message.error ?? "The sentence encoder returned nothing."));
        else request.resolve(Array.from({ length: message.count ?? 0 }, (_, i) => normalise(message.flat!.slice(i * DIMENSIONS, (i + 1) * DIMENSIONS))));
      }
      next();
    });
    const fail = (error: Error) => {
      if (thread !== started) return;
      thread = null;
      busy?.reject(error);
      busy = null;
      next();
    };
    started.on("error", fail);
    started.on("exit", (code) => fail(new Error(`The sentence encoder stopped (exit code ${code}).`)));
    return started;
  }

  function next() {
    const request = busy ?? queries.shift() ?? background.shift();
    if (!request) {
      thread?.unref(); // an idle encoder must not keep a finished process (a test run, a script) alive
      return;
    }
    if (busy) return;
    busy = request;
    thread ??= start();
    thread.ref();
    thread.postMessage({ id: 0, texts: request.texts });
  }

  return {
    modelId: model.modelId,
    dimensions: DIMENSIONS,
    embed(texts, priority) {
      if (texts.length === 0) return Promise.resolve([]);
      return new Promise((resolve, reject) => {
        (priority === "query" ? queries : background).push({ texts, resolve, reject });
        next();
      });
    },
  };
}
