export type { Embedder } from "./embedder";
export { createUseLiteEmbedder, USE_LITE_MODEL_ID } from "./use-lite";
