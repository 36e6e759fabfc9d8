// npm run eval:twin -- FILE… [--filler N]
// Loads each twin evaluation persona (format mindprint-twin-eval/1, a file or a folder of them) into an account of its
// own, asks every question with the configured model (LLM_PROVIDER, local by default), prints one line per question,
// one summary line per persona and, last, one JSON summary line over all of them.
import path from "node:path";
import { personaFiles, readPersonaFile } from "./twin-eval/persona-file";
import { runEvaluation, summarise } from "./twin-eval/run";

const args = process.argv.slice(2);
const fillerAt = args.indexOf("--filler");
const filler = fillerAt >= 0 ? Number(args[fillerAt + 1]) : 0;
const paths = args.filter((a, i) => !a.startsWith("--") && !(fillerAt >= 0 && i === fillerAt + 1));
const files = personaFiles(paths);
if (files.length === 0 || Number.isNaN(filler)) {
  console.error("usage: npm run eval:twin -- FILE|FOLDER… [--filler N]");
  process.exit(2);
}
const personas = files.map(readPersonaFile);
const { summary, runs } = await runEvaluation(personas, {
  fillerMemories: filler,
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
