// Token ids for training and evaluating the twin's reader: every persona's memories, calibration answers and
// questions, turned into text by the product's own functions (encoder-texts.ts; a family member's question heard from
// their side first, as turn.ts does) and tokenised by the base model's own tokenizer, so the reader is trained on
// exactly what the product will show it.
// Usage: node --import tsx training/tokenize.ts OUT.json  (reads eval/dev, eval/holdout and ../shared/eval)
import fs from "node:fs";
import path from "node:path";
import { AutoTokenizer, env } from "@huggingface/transformers";
import { parseTags } from "../src/contract/memory-options";
import { readerCalibration, readerMemory, readerQuestion } from "../src/server/features/twin/encoder-texts";
import { askerRole, fromOwnersSide } from "../src/server/features/twin/kinship";
import { personaFiles, readPersonaFile } from "../scripts/twin-eval/persona-file";
import { TWIN_READER_BASE_DIR, TWIN_READER_MAX_TOKENS } from "../src/server/providers/embeddings/twin-reader-files";

const out = process.argv[2];
if (!out) throw new Error("usage: tokenize.ts OUT.json");
env.allowRemoteModels = false;
env.allowLocalModels = true;
const tokenizer = await AutoTokenizer.from_pretrained(TWIN_READER_BASE_DIR);
const ids = (text: string, max = TWIN_READER_MAX_TOKENS) => Array.from(tokenizer(text, { truncation: true, max_length: max }).input_ids.data as BigInt64Array, Number);

const sets: Array<[string, string]> = [
  ["dev", "eval/dev"],
  ["holdout", "eval/holdout"],
  ["public", path.resolve("..", "shared", "eval")],
];
const personas = sets.flatMap(([set, folder]) =>
  fs.existsSync(folder)
    ? personaFiles([folder]).map((file) => {
        const persona = readPersonaFile(file);
        return {
          name: path.basename(file, ".json"),
          set,
          passages: [
            ...persona.memories.map((m) => ({ id: m.id, ids: ids(readerMemory(m.content, Array.isArray(m.tags) ? m.tags : parseTags(m.tags))) })),
            ...persona.calibration.map((c) => ({ id: c.id, ids: ids(readerCalibration(c.statement, c.response)) })),
          ],
          questions: persona.questions.map((q) => ({ ids: ids(readerQuestion(fromOwnersSide(q.q, askerRole(q.asker)), q.asker)), expect: q.expect, kind: q.kind ?? "", asker: q.asker ?? "" })),
        };
      })
    : [],
);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(personas));
console.log(`tokenised ${personas.length} personas (${sets.map(([set]) => `${personas.filter((p) => p.set === set).length} ${set}`).join(", ")})`);
