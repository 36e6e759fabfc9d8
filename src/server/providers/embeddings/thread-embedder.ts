import { Worker } from "node:worker_threads";
import type { Embedder } from "./embedder";
import { createQueuedEmbedder } from "./queued-embedder";

/**
 * An offline sentence encoder in a worker thread of its own (`threadUrl`), started on first use, for an encoder whose
 * every embedding is solid CPU on the event loop (TensorFlow.js in WebAssembly). The thread is handed one batch at a
 * time (createQueuedEmbedder); one that dies fails what it was doing and is started again by the next batch. It
 * answers `{ flat, count }` (the vectors end to end) or `{ error }` for each `{ texts }` it is sent.
 * Not for ONNX Runtime: onnxruntime-node used from two threads of one process aborts the process (decision 0049).
 */
export function createThreadEmbedder(model: { threadUrl: URL } & Omit<Embedder, "embed">): Embedder {
  const { threadUrl, ...described } = model;
  let thread: Worker | null = null;
  let pending: { resolve: (flat: Float32Array) => void; reject: (error: Error) => void } | null = null;

  function start(): Worker {
    // The thread runs TypeScript like the server does (tsx), whether the caller is the server, a test or a bench.
    const started = new Worker(threadUrl, { execArgv: ["--import", "tsx"] });
    started.unref();
    started.on("message", (message: { flat?: Float32Array; error?: string }) => {
      const answer = pending;
      pending = null;
      if (message.error !== undefined || !message.flat) answer?.reject(new Error(message.error ?? "The sentence encoder returned nothing."));
      else answer?.resolve(message.flat);
    });
    const fail = (error: Error) => {
      if (thread !== started) return;
      thread = null;
      pending?.reject(error);
      pending = null;
    };
    started.on("error", fail);
    started.on("exit", (code) => fail(new Error(`The sentence encoder stopped (exit code ${code}).`)));
    return started;
  }

  return createQueuedEmbedder(
    described,
    (texts) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        thread ??= start();
        thread.ref();
        thread.postMessage({ id: 0, texts });
      }),
    // An idle encoder must not keep a finished process (a test run, a script) alive.
    () => thread?.unref(),
  );
}
