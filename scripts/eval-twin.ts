// npm run eval:twin -- FILE… [--filler N] [--encoder reader|reader-alone] [--confirm-people]
// Loads each twin evaluation persona (format mindprint-twin-eval/1, a file or a folder of them) into an account of its
// own, asks every question with the configured model (LLM_PROVIDER, local by default), prints one line per question,
// one summary line per persona and, last, one JSON summary line over all of them.
import path from "node:path";
import { personaFiles, readPersonaFile } from "./twin-eval/persona-file";
import { runEvaluation, summarise } from "./twin-eval/run";
import { createTwinReaderEmbedder, type Embedder } from "../src/server/providers/embeddings";

const args = process.argv.slice(2);
const fillerAt = args.indexOf("--filler");
const filler = fillerAt >= 0 ? Number(args[fillerAt + 1]) : 0;
// --encoder reader-alone: the reader's decision without the words' rule. (MiniLM and the decision fitted over 17
// features, the twin before its reader, went with decision 0051; its figures are there.)
const encoderAt = args.indexOf("--encoder");
const encoder = encoderAt >= 0 ? args[encoderAt + 1] : "reader";
const valued = new Set([fillerAt, encoderAt].filter((i) => i >= 0).map((i) => i + 1));
const paths = args.filter((a, i) => !a.startsWith("--") && !valued.has(i));
const files = personaFiles(paths);
if (files.length === 0 || Number.isNaN(filler) || !["reader", "reader-alone"].includes(encoder ?? "")) {
  console.error("usage: npm run eval:twin -- FILE|FOLDER… [--filler N] [--encoder reader|reader-alone] [--confirm-people]");
  process.exit(2);
}
const personas = files.map(readPersonaFile);
// The reader's decision without the words' rule (decision/reader-decision.ts), for the designs table.
function readerAlone(): Embedder {
  const reader = createTwinReaderEmbedder();
  return { ...reader, reader: { ...reader.reader!, wordsAlone: false } };
}
const { summary, runs } = await runEvaluation(personas, {
  fillerMemories: filler,
  // --confirm-people: every owner confirms the People list's suggestions before the questions.
  confirmPeople: args.includes("--confirm-people"),
  ...(encoder === "reader-alone" ? { embedder: readerAlone() } : {}),
  onResult: (r) => {
    const verdict = r.expected.length === 0 ? (r.cited.length === 0 ? "abstained" : "ANSWERED") : r.expected.every((id) => r.cited.includes(id)) ? "found" : "MISSED";
    console.log(`${verdict.padEnd(9)} ${r.ttftMs.toFixed(1).padStart(7)} ms  ${r.asker ? `[${r.asker}] ` : ""}${r.question}  expected [${r.expected.join(", ")}] cited [${r.cited.join(", ")}]`);
    if (process.env.EVAL_VERBOSE) console.log(`          ${r.answer.replace(/\n+/g, " ")}`);
  },
});
if (runs.length > 1) for (const [i, run] of runs.entries()) console.log(`${path.basename(files[i]!)}: ${JSON.stringify(run.summary)} (${run.results.length} questions)`);
// The family's questions, asked through the contact's twin after a release, on a line of their own.
const family = runs.flatMap((run) => run.results).filter((r) => r.asker);
if (family.length > 0) console.log(`asked by the family, through their twin (${family.length} questions): ${JSON.stringify(summarise(family))}`);
console.log(JSON.stringify(summary));
