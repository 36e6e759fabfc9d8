import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { assembleTrainedModel, trainedLayersSchema } from "./trained-model-assembly";
import { TWIN_READER_BASE_ONNX, TWIN_READER_TRAINED_DIR } from "./twin-reader-files";

const manifestSchema = trainedLayersSchema.extend({
  format: z.literal("mindprint-twin-reader/1"),
  nothingScore: z.number(),
  // Without folds to fit it on, the softmax's own: a slope of 1 / temperature (0.05).
  calibration: z.object({ a: z.number(), b: z.number(), fittedOn: z.string() }).default({ a: 20, b: 0, fittedOn: "none: the softmax's own" }),
});
export type TwinReaderManifest = z.infer<typeof manifestSchema>;

let manifest: TwinReaderManifest | null = null;
/** What training wrote (training/train_twin.py): the reader's id, its learned score, and where each trained tensor goes. */
export function readTwinReaderManifest(dir = TWIN_READER_TRAINED_DIR): TwinReaderManifest {
  if (dir === TWIN_READER_TRAINED_DIR && manifest) return manifest;
  const read = manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")));
  if (dir === TWIN_READER_TRAINED_DIR) manifest = read;
  return read;
}

/** The twin's reader the product runs: the npm base with the trained layers of models/twin-reader, checked by hash. */
export const assembleTwinReader = (dir = TWIN_READER_TRAINED_DIR, baseFile = TWIN_READER_BASE_ONNX) =>
  assembleTrainedModel(readTwinReaderManifest(dir), dir, { what: "the twin's reader", folder: "models/twin-reader", train: "npm run train:twin" }, baseFile);
