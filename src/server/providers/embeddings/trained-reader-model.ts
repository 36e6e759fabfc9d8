import ort from "onnxruntime-node";
import { AutoTokenizer, env, type PreTrainedTokenizer } from "@huggingface/transformers";
import { assembleCrisisReader } from "./crisis-reader";
import { CRISIS_READER_MAX_TOKENS } from "./crisis-reader-files";
import { assembleTwinReader } from "./twin-reader-assembly";
import { TWIN_READER_BASE_DIR, TWIN_READER_MAX_TOKENS } from "./twin-reader-files";

/** The models we trained over the npm base (training/): the twin's reader and the crisis reader. */
export type TrainedReader = "twin-reader" | "crisis-reader";

const MODELS: Record<TrainedReader, { assemble: () => Uint8Array; maxTokens: number }> = {
  "twin-reader": { assemble: () => assembleTwinReader(), maxTokens: TWIN_READER_MAX_TOKENS },
  "crisis-reader": { assemble: () => assembleCrisisReader(), maxTokens: CRISIS_READER_MAX_TOKENS },
};

// Each reader, in the ONNX thread (providers/onnx): the base's tokenizer and the assembled model, loaded at its first
// call. A failed load is tried again by the next call instead of failing every call until a restart.
interface Loaded {
  tokenizer: PreTrainedTokenizer;
  session: ort.InferenceSession;
}
const loaded = new Map<TrainedReader, Promise<Loaded>>();

async function load(reader: TrainedReader): Promise<Loaded> {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  const tokenizer = await AutoTokenizer.from_pretrained(TWIN_READER_BASE_DIR);
  const session = await ort.InferenceSession.create(MODELS[reader].assemble(), { intraOpNumThreads: 1, interOpNumThreads: 1, logSeverityLevel: 3 });
  return { tokenizer, session };
}

/** The texts' vectors end to end: the reader's [CLS] state, at unit length (how it was trained). */
export async function embedWithTrainedReader(reader: TrainedReader, texts: string[]): Promise<Float32Array> {
  let ready = loaded.get(reader);
  if (!ready) {
    ready = load(reader);
    loaded.set(reader, ready);
    ready.catch(() => loaded.delete(reader));
  }
  const { tokenizer, session } = await ready;
  const encoded = tokenizer(texts, { padding: true, truncation: true, max_length: MODELS[reader].maxTokens });
  const ids = encoded.input_ids as { data: BigInt64Array; dims: number[] };
  const mask = encoded.attention_mask as { data: BigInt64Array; dims: number[] };
  const [count, tokens] = ids.dims as [number, number];
  const out = await session.run({
    input_ids: new ort.Tensor("int64", ids.data, ids.dims),
    attention_mask: new ort.Tensor("int64", mask.data, mask.dims),
    token_type_ids: new ort.Tensor("int64", new BigInt64Array(ids.data.length), ids.dims),
  });
  const states = out.last_hidden_state!.data as Float32Array;
  const width = states.length / (count * tokens);
  const flat = new Float32Array(count * width);
  for (let k = 0; k < count; k++) {
    const cls = states.subarray(k * tokens * width, k * tokens * width + width);
    let norm = 0;
    for (const x of cls) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < width; j++) flat[k * width + j] = cls[j]! / norm;
  }
  return flat;
}
