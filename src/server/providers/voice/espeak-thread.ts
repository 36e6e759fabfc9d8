import { parentPort } from "node:worker_threads";
import { synthesizeOnThisThread, type EspeakSettings } from "./espeak-synthesis";

// The worker thread that runs espeak-ng: a long text takes seconds of solid CPU, which must not stall the server's
// event loop. Messages are handled strictly one after another, as espeak's global state requires.
let queue: Promise<unknown> = Promise.resolve();

parentPort!.on("message", (request: { id: number; text: string; settings: EspeakSettings }) => {
  queue = queue.then(async () => {
    try {
      const { samples, sampleRate } = await synthesizeOnThisThread(request.text, request.settings);
      parentPort!.postMessage({ id: request.id, samples, sampleRate }, [samples.buffer as ArrayBuffer]);
    } catch (error) {
      parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
