// Checks that the model the product assembles (the base file with the trained layers written over it) reads exactly
// as the model PyTorch trained: both are run on the same texts and their [CLS] states compared.
// Usage: node --import tsx training/verify-export.ts [--crisis] EXPORTED.onnx  (--crisis: the crisis reader's, else the twin's)
import ort from "onnxruntime-node";
import { AutoTokenizer, env } from "@huggingface/transformers";
import { assembleCrisisReader } from "../src/server/providers/embeddings/crisis-reader";
import { assembleTwinReader } from "../src/server/providers/embeddings/twin-reader-assembly";
import { TWIN_READER_BASE_DIR, TWIN_READER_MAX_TOKENS } from "../src/server/providers/embeddings/twin-reader-files";
import { readerMemory, readerQuestion } from "../src/server/features/twin/encoder-texts";

const crisis = process.argv.includes("--crisis");
const exported = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!exported) throw new Error("usage: verify-export.ts [--crisis] EXPORTED.onnx");
env.allowRemoteModels = false;
env.allowLocalModels = true;
const tokenizer = await AutoTokenizer.from_pretrained(TWIN_READER_BASE_DIR);
const texts = crisis
  ? ["How do you make your parkin?", "I can't go on without you, Mum.", "I've saved up the tablets and I know which night.", "this commute is killing me lol"]
  : [
  readerQuestion("Where did you and your husband first meet?"),
  readerQuestion("What was Dad like?", "daughter"),
  readerMemory("We met at a dance in the church hall in 1961. He stood on my feet twice and apologised both times.", ["Desmond", "dance"]),
  readerMemory("I delivered my first baby on a night shift in March, a girl, and her mother named her after me.", ["midwifery"]),
    ];
const encoded = tokenizer(texts, { padding: true, truncation: true, max_length: TWIN_READER_MAX_TOKENS });
const ids = encoded.input_ids as { data: BigInt64Array; dims: number[] };
const mask = encoded.attention_mask as { data: BigInt64Array; dims: number[] };
const feeds = {
  input_ids: new ort.Tensor("int64", ids.data, ids.dims),
  attention_mask: new ort.Tensor("int64", mask.data, mask.dims),
  token_type_ids: new ort.Tensor("int64", new BigInt64Array(ids.data.length), ids.dims),
};
const cls = async (session: ort.InferenceSession) => {
  const out = (await session.run(feeds)).last_hidden_state!;
  const [n, t, h] = out.dims as [number, number, number];
  const data = out.data as Float32Array;
  return Array.from({ length: n }, (_, k) => {
    const v = data.slice(k * t * h, k * t * h + h);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
};
const ours = await cls(await ort.InferenceSession.create(crisis ? assembleCrisisReader() : assembleTwinReader()));
const theirs = await cls(await ort.InferenceSession.create(exported));
let worst = 1;
for (let k = 0; k < texts.length; k++) worst = Math.min(worst, ours[k]!.reduce((s, x, j) => s + x * theirs[k]![j]!, 0));
const cosine = (a: number, b: number) => ours[a]!.reduce((s, x, j) => s + x * ours[b]![j]!, 0);
console.log(`${crisis ? "crisis reader" : "twin's reader"} assembled vs torch.onnx.export: lowest cosine over ${texts.length} texts ${worst.toFixed(6)}; question 1 to memory 1 ${cosine(0, 2).toFixed(3)}, to memory 2 ${cosine(0, 3).toFixed(3)}`);
if (!(worst > 0.9999)) {
  console.error(`The assembled ${crisis ? "crisis reader" : "reader"} does not read as the trained one.`);
  process.exit(1);
}
