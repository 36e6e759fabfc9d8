export type { Embedder } from "./embedder";
export { createUseLiteEmbedder, USE_LITE_MODEL_ID } from "./use-lite";
export { createMiniLmEmbedder, MINILM_MODEL_ID } from "./minilm";
export { createTwinReaderEmbedder } from "./twin-reader";
export { readTwinReaderManifest } from "./twin-reader-assembly";
export { createCrisisReader, type CrisisReader } from "./crisis-reader";
