import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { TWIN_READER_BASE_ONNX } from "./twin-reader-files";

/**
 * What every model we trained over the npm base says about its layers (training/trained_layers.py): the base it was
 * trained on, the trained tensors' file, the assembled model's hash, and where each trained tensor goes in the base.
 */
export const trainedLayersSchema = z.object({
  id: z.string().min(1),
  base: z.object({ package: z.string(), version: z.string(), sha256: z.string().length(64), bytes: z.number().int().positive() }),
  trained: z.object({ file: z.string(), sha256: z.string().length(64), bytes: z.number().int().positive(), layers: z.string() }),
  assembledSha256: z.string().length(64),
  tensors: z.array(z.object({ name: z.string(), baseOffset: z.number().int().min(0), count: z.number().int().positive(), trainedOffset: z.number().int().min(0) })),
});
export type TrainedLayers = z.infer<typeof trainedLayersSchema>;

/** Which of our models is assembled, for its errors: "the twin's reader", models/twin-reader, npm run train:twin. */
export interface TrainedModelNames {
  what: string;
  folder: string;
  train: string;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/** Widens IEEE half-precision values to single precision, exactly (every fp16 value is an fp32 value). */
function halfToFloat(half: number): number {
  const sign = half & 0x8000 ? -1 : 1;
  const exponent = (half >> 10) & 0x1f;
  const fraction = half & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/**
 * The model file the product runs: a copy of the npm package's base ONNX file with the trained layers written over
 * their own bytes (the same tensors, the same shapes, so the graph is unchanged). Every input and the result are
 * checked by hash: a different base package, a damaged trained file or a manifest from another training fails here,
 * with what to do, instead of reading with a model nobody measured.
 */
export function assembleTrainedModel(m: TrainedLayers, dir: string, names: TrainedModelNames, baseFile = TWIN_READER_BASE_ONNX): Uint8Array {
  if (!fs.existsSync(baseFile)) throw new Error(`${capitalised(names.what)} needs its base model, ${m.base.package}@${m.base.version}, which is not installed: run npm ci.`);
  const base = fs.readFileSync(baseFile);
  if (base.length !== m.base.bytes || sha256(base) !== m.base.sha256)
    throw new Error(`The installed ${m.base.package} is not the base ${names.what} was trained on (${m.base.version}, sha256 ${m.base.sha256}): reinstall it with npm ci.`);
  const trained = fs.readFileSync(path.join(dir, m.trained.file));
  if (trained.length !== m.trained.bytes || sha256(trained) !== m.trained.sha256)
    throw new Error(`${names.folder}/${m.trained.file} does not match its manifest (sha256 ${m.trained.sha256}): check it out again, or train again with ${names.train}.`);
  const out = new Uint8Array(base.buffer, base.byteOffset, base.length);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (const t of m.tensors) {
    for (let i = 0; i < t.count; i++) view.setFloat32(t.baseOffset + 4 * i, halfToFloat(trained.readUInt16LE(t.trainedOffset + 2 * i)), true);
  }
  if (sha256(out) !== m.assembledSha256) throw new Error(`${capitalised(names.what)} assembled from ${m.base.package} and ${names.folder} does not match the trained model (sha256 ${m.assembledSha256}).`);
  return out;
}
