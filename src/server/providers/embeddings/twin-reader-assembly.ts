import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { TWIN_READER_BASE_ONNX, TWIN_READER_TRAINED_DIR } from "./twin-reader-files";

const manifestSchema = z.object({
  format: z.literal("mindprint-twin-reader/1"),
  id: z.string().min(1),
  base: z.object({ package: z.string(), version: z.string(), sha256: z.string().length(64), bytes: z.number().int().positive() }),
  trained: z.object({ file: z.string(), sha256: z.string().length(64), bytes: z.number().int().positive(), layers: z.string() }),
  assembledSha256: z.string().length(64),
  nothingScore: z.number(),
  // Without folds to fit it on, the softmax's own: a slope of 1 / temperature (0.05).
  calibration: z.object({ a: z.number(), b: z.number(), fittedOn: z.string() }).default({ a: 20, b: 0, fittedOn: "none: the softmax's own" }),
  tensors: z.array(z.object({ name: z.string(), baseOffset: z.number().int().min(0), count: z.number().int().positive(), trainedOffset: z.number().int().min(0) })),
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
export function assembleTwinReader(dir = TWIN_READER_TRAINED_DIR, baseFile = TWIN_READER_BASE_ONNX): Uint8Array {
  const m = readTwinReaderManifest(dir);
  if (!fs.existsSync(baseFile)) throw new Error(`The twin's reader needs its base model, ${m.base.package}@${m.base.version}, which is not installed: run npm ci.`);
  const base = fs.readFileSync(baseFile);
  if (base.length !== m.base.bytes || sha256(base) !== m.base.sha256)
    throw new Error(`The installed ${m.base.package} is not the base the twin's reader was trained on (${m.base.version}, sha256 ${m.base.sha256}): reinstall it with npm ci.`);
  const trained = fs.readFileSync(path.join(dir, m.trained.file));
  if (trained.length !== m.trained.bytes || sha256(trained) !== m.trained.sha256)
    throw new Error(`models/twin-reader/${m.trained.file} does not match its manifest (sha256 ${m.trained.sha256}): check it out again, or train again with npm run train:twin.`);
  const out = new Uint8Array(base.buffer, base.byteOffset, base.length);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (const t of m.tensors) {
    for (let i = 0; i < t.count; i++) view.setFloat32(t.baseOffset + 4 * i, halfToFloat(trained.readUInt16LE(t.trainedOffset + 2 * i)), true);
  }
  if (sha256(out) !== m.assembledSha256) throw new Error(`The twin's reader assembled from ${m.base.package} and models/twin-reader does not match the trained model (sha256 ${m.assembledSha256}).`);
  return out;
}
