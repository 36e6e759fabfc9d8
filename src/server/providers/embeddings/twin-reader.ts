import { embedOnThread } from "../onnx/onnx-host";
import type { Embedder } from "./embedder";
import { createQueuedEmbedder } from "./queued-embedder";
import { readTwinReaderManifest } from "./twin-reader-assembly";

/**
 * The twin's reader: BAAI bge-small-en-v1.5 (MIT, from the npm package `@coree-ai/coree-model-bge-small-en-v1.5`) with
 * its top layers fine-tuned on our development personas (training/, decision 0051), on the process's ONNX thread. Its
 * id names the trained model, so stored vectors of another reader are read again.
 */
export function createTwinReaderEmbedder(): Embedder {
  const manifest = readTwinReaderManifest();
  return createQueuedEmbedder({ modelId: manifest.id, dimensions: 384, reads: "reader", reader: { nothingScore: manifest.nothingScore, calibration: manifest.calibration } }, (texts) => embedOnThread("twin-reader", texts));
}
