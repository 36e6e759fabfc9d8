// npm run eval:twin -- FILE [--filler N]
// Loads a twin evaluation persona (format mindprint-twin-eval/1) into a fresh account, asks every question with the
// configured model (LLM_PROVIDER, local by default), prints one line per question and, last, one JSON summary line.
import { readPersonaFile } from "./twin-eval/persona-file";
import { runEvaluation } from "./twin-eval/run";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
const fillerAt = args.indexOf("--filler");
const filler = fillerAt >= 0 ? Number(args[fillerAt + 1]) : 0;
if (!file || Number.isNaN(filler)) {
  console.error("usage: npm run eval:twin -- FILE [--filler N]");
  process.exit(2);
}
const persona = readPersonaFile(file);
const { summary } = await runEvaluation(persona, {
  fillerMemories: filler,
  onResult: (r) => {
    const verdict = r.expected.length === 0 ? (r.cited.length === 0 ? "abstained" : "ANSWERED") : r.expected.every((id) => r.cited.includes(id)) ? "found" : "MISSED";
    console.log(`${verdict.padEnd(9)} ${r.ttftMs.toFixed(1).padStart(7)} ms  ${r.question}  expected [${r.expected.join(", ")}] cited [${r.cited.join(", ")}]`);
    if (process.env.EVAL_VERBOSE) console.log(`          ${r.answer.replace(/\n+/g, " ")}`);
  },
});
console.log(JSON.stringify(summary));
