import { Worker } from "node:worker_threads";
import type { EspeakSettings } from "./espeak-synthesis";

export type { EspeakSettings } from "./espeak-synthesis";

interface Pending {
  resolve: (result: { samples: Int16Array; sampleRate: number }) => void;
  reject: (error: Error) => void;
}

let thread: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

/**
 * espeak-ng runs in a worker thread of its own (`espeak-thread.ts`), started on first use and kept: synthesis is
 * seconds of CPU for a long answer, and the server must keep answering meanwhile. A thread that dies fails what it
 * was doing and is started again by the next call.
 */
function getThread(): Worker {
  if (thread) return thread;
  // The thread runs TypeScript like the server does (tsx), whether the caller is the server, a test or a bench.
  const started = new Worker(new URL("./espeak-thread.ts", import.meta.url), { execArgv: ["--import", "tsx"] });
  started.unref(); // an idle engine must not keep a finished process (a test run, a script) alive
  started.on("message", (message: { id: number; samples?: Int16Array; sampleRate?: number; error?: string }) => {
    const request = pending.get(message.id);
    if (!request) return;
    pending.delete(message.id);
    if (message.error !== undefined || !message.samples) request.reject(new Error(message.error ?? "The voice engine returned nothing."));
    else request.resolve({ samples: message.samples, sampleRate: message.sampleRate ?? 22_050 });
  });
  const fail = (error: Error) => {
    if (thread === started) thread = null;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };
  started.on("error", (error) => fail(error));
  started.on("exit", (code) => fail(new Error(`The voice engine stopped (exit code ${code}).`)));
  thread = started;
  return started;
}

/** 16-bit PCM at the engine's rate (22 050 Hz for these voices), synthesized off the event loop. */
export function synthesizeRaw(text: string, settings: EspeakSettings): Promise<{ samples: Int16Array; sampleRate: number }> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const worker = getThread();
    // While a request is waiting the thread keeps the process alive, so a caller's await always gets its answer.
    worker.ref();
    const release = () => {
      if (pending.size === 0) worker.unref();
    };
    pending.set(id, {
      resolve: (result) => {
        resolve(result);
        release();
      },
      reject: (error) => {
        reject(error);
        release();
      },
    });
    worker.postMessage({ id, text, settings });
  });
}
