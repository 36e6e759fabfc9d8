// Token ids for training and measuring the crisis reader: every message of the crisis sets and everyday words to a
// twin, read by the product's own function (readingsOf in features/safety/crisis-detector.ts: the message as meant,
// its sentences, the conversation with it) and tokenised by the base model's own tokenizer, so the reader is trained on
// exactly what the product shows it.
// Usage: node --import tsx training/crisis-tokenize.ts OUT.json
// Sets: "dev" (eval/dev/crisis-*.json, trained on but for the part held apart), "everyday-dev" (the development
// personas' questions and memories, not crises), "check" (eval/holdout/crisis-check.json, never fitted) and
// "everyday-unseen" (the questions of the held-out and public personas, never fitted).
import fs from "node:fs";
import path from "node:path";
import { AutoTokenizer, env } from "@huggingface/transformers";
import { readingsOf } from "../src/server/features/safety/crisis-detector";
import { CRISIS_READER_MAX_TOKENS } from "../src/server/providers/embeddings/crisis-reader-files";
import { TWIN_READER_BASE_DIR } from "../src/server/providers/embeddings/twin-reader-files";
import { readCrisisEvalFile } from "../scripts/crisis-eval/eval-file";
import { personaFiles, readPersonaFile } from "../scripts/twin-eval/persona-file";

const out = process.argv[2];
if (!out) throw new Error("usage: crisis-tokenize.ts OUT.json");
env.allowRemoteModels = false;
env.allowLocalModels = true;
const tokenizer = await AutoTokenizer.from_pretrained(TWIN_READER_BASE_DIR);
const ids = (text: string) => Array.from(tokenizer(text, { truncation: true, max_length: CRISIS_READER_MAX_TOKENS }).input_ids.data as BigInt64Array, Number);

interface Message {
  text: string;
  crisis: boolean;
  kind?: string;
  context?: string[];
}
const item = (set: string, file: string, m: Message, index: number) => {
  const readings = readingsOf(m.text, m.context ?? []).filter((t) => t.trim() !== "");
  // The last reading is the conversation read together when there is one: it may ask for a check-in only.
  const together = (m.context?.length ?? 0) > 0;
  return { set, file, index, crisis: m.crisis, kind: m.kind ?? "", own: together ? readings.length - 1 : readings.length, readings: readings.map(ids) };
};
const crisisFiles = (dir: string) => fs.readdirSync(dir).filter((f) => /^crisis-.*\.json$/.test(f)).sort().map((f) => path.join(dir, f));
const everyday = (dir: string, withMemories: boolean) =>
  personaFiles([dir]).flatMap((file) => {
    const persona = readPersonaFile(file);
    const texts = [...persona.questions.map((q) => q.q), ...(withMemories ? persona.memories.map((m) => m.content) : [])];
    return texts.map((text) => ({ file: path.basename(file), text, crisis: false }));
  });

const items = [
  ...crisisFiles("eval/dev").flatMap((file) => readCrisisEvalFile(file).messages.map((m, i) => item("dev", path.basename(file), m, i))),
  ...everyday("eval/dev", true).map((m, i) => item("everyday-dev", m.file, m, i)),
  ...readCrisisEvalFile("eval/holdout/crisis-check.json").messages.map((m, i) => item("check", "crisis-check.json", m, i)),
  ...[...everyday("eval/holdout", false), ...(fs.existsSync("../shared/eval") ? everyday("../shared/eval", false) : [])].map((m, i) => item("everyday-unseen", m.file, m, i)),
];
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(items));
const count = (set: string) => items.filter((i) => i.set === set);
console.log(`tokenised ${items.length} messages: ${["dev", "everyday-dev", "check", "everyday-unseen"].map((s) => `${count(s).length} ${s} (${count(s).filter((i) => i.crisis).length} crisis)`).join(", ")}`);
