import { Worker, type ResourceLimits, type Transferable } from "node:worker_threads";

/** The thread ran out of the memory it was given, or stopped without answering. */
export class ThreadFailedError extends Error {}

/**
 * Runs one TypeScript module in a worker thread of its own with `data`, and answers the first message it posts. The
 * thread's heap is capped by `limits`, so an input that needs more ends that thread (ThreadFailedError), never the
 * server; the thread is ended once it has answered, which frees all it held. Meant for seconds of CPU on untrusted
 * input (parsing a large upload), where starting a thread costs little in comparison.
 */
export function runOffThread<T>(module: URL, data: unknown, limits: ResourceLimits, transfer: Transferable[] = []): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The thread runs TypeScript like the server does (tsx), whether the caller is the server, a test or a bench.
    const worker = new Worker(module, { execArgv: ["--import", "tsx"], workerData: data, transferList: transfer, resourceLimits: limits });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      done();
      void worker.terminate();
    };
    worker.once("message", (message: T) => settle(() => resolve(message)));
    worker.once("error", (error) => settle(() => reject(new ThreadFailedError(error.message))));
    worker.once("exit", (code) => settle(() => reject(new ThreadFailedError(`the thread stopped (exit code ${code})`))));
  });
}
