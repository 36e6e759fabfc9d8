// The twin's time to first token with the offline `local` model (DESIGN.md 8: ≤ 50 ms median with 10,000 memories).
// Runs the public evaluation persona twice in the same run, each in a fresh account on a fresh database: alone
// (the baseline) and inside a vault of 10,000 further memories, and prints both medians, the ratio, and the budget.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readPersonaFile } from "../scripts/twin-eval/persona-file";
import { runEvaluation } from "../scripts/twin-eval/run";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = process.argv[2] ?? path.resolve(root, "../shared/eval/persona-nell.json");
const persona = readPersonaFile(file);
const FILLER = 10_000;

const baseline = await runEvaluation(persona);
const large = await runEvaluation(persona, { fillerMemories: FILLER });
const line = (label: string, s: typeof baseline.summary) =>
  `  ${label.padEnd(34)} ttft median ${s.ttft_ms_median.toFixed(1).padStart(6)} ms   p95 ${s.ttft_ms_p95.toFixed(1).padStart(6)} ms   recall ${s.citation_recall}   abstention ${s.abstention_accuracy}`;
console.log(`Twin time to first token, local model, ${persona.questions.length} questions of ${path.basename(file)}, Node ${process.versions.node}:`);
console.log(line(`${persona.memories.length} memories (baseline)`, baseline.summary));
console.log(line(`${persona.memories.length + FILLER} memories`, large.summary));
console.log(`  ratio (10,000-memory vault / baseline): ${(large.summary.ttft_ms_median / baseline.summary.ttft_ms_median).toFixed(2)}`);
const pass = large.summary.ttft_ms_median <= 50;
console.log(`  ${pass ? "PASS" : "FAIL"}  median time to first token ≤ 50 ms with 10,000 memories: ${large.summary.ttft_ms_median.toFixed(1)} ms`);
