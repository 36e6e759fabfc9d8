import { Worker } from "node:worker_threads";
import { createConcurrencyGate, GateFullError } from "../../platform/concurrency-gate";
import type { DecodeOutcome, DocumentKind } from "./document-decode";

/**
 * Runs a document's decode (document-decode.ts) in a worker thread of its own: parsing a 10 MB PDF or a 50-megapixel
 * JPEG takes seconds of CPU that would otherwise stall every request on the server. The thread's heap and its time
 * are bounded, and it is ended once it has answered (or run out of either), which frees all it held.
 */

/** The thread's heap: a 50-megapixel image decodes to 200 MB of pixels held outside it, a PDF's objects inside. */
const THREAD_HEAP_MB = 256;
/** What one document may take, measured on this 2-core machine under load: a 10 MB PDF or photo takes 1–4 s. */
export const DOCUMENT_CHECK_SECONDS = 30;
/** Checks at once per process, and waiting: documents come rarely, one decode is one core. */
const documentGate = createConcurrencyGate(1, 8);

export type CheckOutcome = DecodeOutcome | { ok: false; problem: "too_slow" | "busy" };

export async function checkDocument(bytes: Buffer, kind: DocumentKind): Promise<CheckOutcome> {
  let release: () => void;
  try {
    release = await documentGate.acquire();
  } catch (error) {
    if (error instanceof GateFullError) return { ok: false, problem: "busy" };
    throw error;
  }
  try {
    return await new Promise<CheckOutcome>((resolve) => {
      // A copy the thread owns (transferred, not cloned), so the caller's buffer stays as it was.
      const copy = new Uint8Array(bytes);
      const worker = new Worker(new URL("./document-check-thread.ts", import.meta.url), {
        execArgv: ["--import", "tsx"],
        workerData: { bytes: copy, kind },
        transferList: [copy.buffer],
        resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      });
      let settled = false;
      const settle = (outcome: CheckOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(outcome);
      };
      const timer = setTimeout(() => settle({ ok: false, problem: "too_slow" }), DOCUMENT_CHECK_SECONDS * 1000);
      worker.once("message", (outcome: DecodeOutcome) => settle(outcome));
      // Out of heap, or stopped without an answer: the document needs more than a document may.
      worker.once("error", () => settle({ ok: false, problem: "too_slow" }));
      worker.once("exit", () => settle({ ok: false, problem: "too_slow" }));
    });
  } finally {
    release();
  }
}
