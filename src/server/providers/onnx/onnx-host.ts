import { Worker } from "node:worker_threads";
import type { OnnxAnswer, OnnxEncoder, OnnxRequest, WireTensor } from "./onnx-messages";

type Pending = { resolve: (answer: OnnxAnswer) => void; reject: (error: Error) => void };

/**
 * The one thread of this process that runs ONNX Runtime (decision 0049). onnxruntime-node used from two threads of one
 * process aborts the whole process (a consent check's Whisper on the main thread beside the encoder's thread did), and
 * a session's run is synchronous on its thread: so every ONNX model of a process (the encoders, Whisper) runs
 * in this one thread, and none on the event loop. Started at the first request; one that dies fails what it was
 * asked and is started again by the next; idle, it keeps no finished process (a test run, a script) alive.
 */
let thread: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function start(): Worker {
  // The thread runs TypeScript like the server does (tsx), whether the caller is the server, a test or a bench.
  const started = new Worker(new URL("./onnx-thread.ts", import.meta.url), { execArgv: ["--import", "tsx"] });
  started.unref();
  started.on("message", (answer: OnnxAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if (!waiting) return;
    if ("error" in answer) waiting.reject(new Error(answer.error));
    else waiting.resolve(answer);
  });
  const fail = (error: Error) => {
    if (thread !== started) return;
    thread = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  started.on("error", fail);
  started.on("exit", (code) => fail(new Error(`The ONNX thread stopped (exit code ${code}).`)));
  return started;
}

type Without<T> = T extends unknown ? Omit<T, "id"> : never;

function ask(request: Without<OnnxRequest>, transfer: ArrayBuffer[] = []): Promise<OnnxAnswer> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    thread ??= start();
    thread.ref();
    thread.postMessage({ ...request, id }, transfer);
  });
}

/** The encoder's vectors for `texts`, end to end. */
export async function embedOnThread(encoder: OnnxEncoder, texts: string[]): Promise<Float32Array> {
  const answer = await ask({ op: "embed", encoder, texts });
  if (!("flat" in answer)) throw new Error("The sentence encoder returned nothing.");
  return answer.flat;
}

/** Runs the session of the model file `model` (made at its first run) on `feeds`, answering the outputs named. */
export async function runOnThread(model: string, threads: number, feeds: Record<string, WireTensor>, outputs: string[]) {
  const answer = await ask({ op: "run", model, threads, feeds, outputs });
  if (!("outputs" in answer)) throw new Error("The ONNX session returned nothing.");
  return answer.outputs;
}

/** Lets the session of `model` go (its memory), if the thread has one. */
export async function releaseOnThread(model: string): Promise<void> {
  if (thread) await ask({ op: "release", model });
}
