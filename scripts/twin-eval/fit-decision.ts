// npm run fit:twin -- [FOLDER|FILE…] [--encoder minilm|reader] [--out FILE]   (eval/dev, MiniLM and weights.json by default)
// Asks every question of the development personas through the product (owner and family askers alike), collects the
// candidates the twin's decision weighed with their features, fits the logistic model and its thresholds, reports
// leave-one-persona-out cross-validated figures, and writes the model fitted on all of them to
// src/server/features/twin/decision/weights.json (docs/formulas.md, "Twin decision").
import fs from "node:fs";
import path from "node:path";
import { FEATURE_NAMES } from "../../src/server/features/twin/decision/features";
import { choose, probability, spansSeveral, type DecisionWeights, type ScoringModel, type Thresholds } from "../../src/server/features/twin/decision/model";
import { fitLogistic, type Example } from "./logistic";
import { fitStumps } from "./stumps";
import { personaFiles, readPersonaFile } from "./persona-file";
import { runEvaluation, summarise, type QuestionResult } from "./run";
import { createMiniLmEmbedder, createTwinReaderEmbedder } from "../../src/server/providers/embeddings";

const WEIGHTS_FILE = path.resolve(import.meta.dirname, "../../src/server/features/twin/decision/weights.json");

interface Asked {
  persona: string;
  question: string;
  expected: string[];
  several: boolean;
  pool: Array<{ id: string; features: number[] }>;
}

// Signs general knowledge fixes: closeness in meaning, shared words and supported terms never count against a memory;
// a contradicted decisive term, a missing name, another time and the wrong kind never count for it.
const SIGNS: Partial<Record<(typeof FEATURE_NAMES)[number], number>> = {
  meaning: 1,
  words: 1,
  strongWord: 1,
  supportShare: 1,
  decisiveContradiction: -1,
  missingName: -1,
  timeIn: 1,
  timeOut: -1,
  kindMismatch: -1,
  whenFits: 1,
  whenMissing: -1,
  whereFits: 1,
  whereMissing: -1,
  whoFits: 1,
  whoMissing: -1,
  meaningBehindBest: -1,
};
// What a shared word is worth cannot be learnt from questions written to share none: the idf-weighted words keep at
// least the share of meaning the hand-set formula gave them (meaning + 0.4 × words), in their own units.
const FLOORS = [{ feature: FEATURE_NAMES.indexOf("words"), of: FEATURE_NAMES.indexOf("meaning"), ratio: 0.4 }];
const DESIGN = (process.env.TWIN_DESIGN ?? "logistic-signed") as "logistic" | "logistic-signed" | "stumps";
const fit = (examples: Example[]): ScoringModel =>
  DESIGN === "stumps"
    ? { kind: "stumps", ...fitStumps(examples) }
    : { kind: "logistic", ...fitLogistic(examples, DESIGN === "logistic-signed" ? { signs: FEATURE_NAMES.map((name) => SIGNS[name] ?? 0), floors: FLOORS } : {}) };
type Model = ScoringModel;
const probabilityOf = probability;

const examplesOf = (asked: Asked[]): Example[] => asked.flatMap((a) => a.pool.map((c) => ({ features: c.features, label: a.expected.includes(c.id) ? (1 as const) : (0 as const) })));

/** The cited ids the product would give each question with this model and these thresholds. */
function citations(asked: Asked[], model: Model, thresholds: Thresholds): QuestionResult[] {
  return asked.map((a) => {
    const ranked = a.pool.map((c) => ({ id: c.id, p: probabilityOf(model, c.features) })).sort((x, y) => y.p - x.p);
    return { question: a.question, expected: a.expected, cited: choose(a.several, ranked, thresholds).map((c) => c.id), ttftMs: 0, answer: "", weighed: [] };
  });
}

/**
 * How a setting is judged: the worst of recall / 0.8, precision / 0.8 and abstention / 0.9 (the issue's targets), so no
 * one figure is bought with another; ties go to the larger sum.
 */
function merit(results: QuestionResult[]): number {
  const s = summarise(results);
  return Math.min(s.citation_recall / 0.8, s.citation_precision / 0.8, s.abstention_accuracy / 0.9) + 1e-3 * (s.citation_recall + s.citation_precision + s.abstention_accuracy);
}

const steps = (from: number, to: number, step: number) => Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => Math.round((from + i * step) * 1000) / 1000);

/** The thresholds that judge best on these questions, for this model. */
function fitThresholds(asked: Asked[], model: Model): Thresholds {
  let best: { thresholds: Thresholds; merit: number } | null = null;
  for (const answerAt of steps(0.05, 0.95, 0.025))
    for (const bothAt of steps(0.5, 1, 0.05))
      for (const severalAt of steps(0.2, 1, 0.1)) {
        const thresholds = { answerAt, severalAt, bothAt };
        const m = merit(citations(asked, model, thresholds));
        if (!best || m > best.merit) best = { thresholds, merit: m };
      }
  return best!.thresholds;
}

const args = process.argv.slice(2);
// --features FILE keeps the weighed candidates: features do not depend on the weights, so a refit can skip the asking.
const featuresAt = args.indexOf("--features");
const featuresFile = featuresAt >= 0 ? args[featuresAt + 1] : undefined;
// --encoder reader fits the decision over the pool's features with the twin's reader as the meaning (a design measured
// beside the reader's own decision, decision 0051; the reader was trained on these personas, so its cross-validated
// figures here are optimistic); MiniLM's weights.json is the shipped fallback.
const encoderAt = args.indexOf("--encoder");
const encoderName = encoderAt >= 0 ? args[encoderAt + 1] : "minilm";
const outAt = args.indexOf("--out");
const outFile = outAt >= 0 ? path.resolve(args[outAt + 1]!) : WEIGHTS_FILE;
const valued = new Set([featuresAt, encoderAt, outAt].filter((i) => i >= 0).map((i) => i + 1));
const named = args.filter((a, i) => !a.startsWith("--") && !valued.has(i));
const embedder = encoderName === "reader" ? createTwinReaderEmbedder() : createMiniLmEmbedder();
const paths = named.length > 0 ? named : ["eval/dev"];
const files = personaFiles(paths);
async function askAll(): Promise<Asked[]> {
  const { runs } = await runEvaluation(files.map(readPersonaFile), { embedder });
  return runs.flatMap((run, i) =>
    run.results.map((r) => ({ persona: path.basename(files[i]!), question: r.question, expected: r.expected, several: spansSeveral(r.question), pool: r.weighed })),
  );
}
// A kept file from before the features changed is asked again.
const kept: Asked[] | null = featuresFile && fs.existsSync(featuresFile) ? JSON.parse(fs.readFileSync(featuresFile, "utf8")) : null;
const current = kept !== null && kept.every((a) => a.pool.every((c) => c.features.length === FEATURE_NAMES.length));
const asked: Asked[] = current ? kept : await askAll();
if (featuresFile && !current) fs.writeFileSync(featuresFile, JSON.stringify(asked));
const found = asked.filter((a) => a.expected.length > 0 && a.expected.some((id) => a.pool.some((c) => c.id === id))).length;
console.log(`${asked.length} questions, ${asked.filter((a) => a.expected.length > 0).length} answerable; an expected source is among the weighed candidates for ${found}`);

// Leave one persona out: fit the model and its thresholds on the others, judge on the one left out.
const personas = [...new Set(asked.map((a) => a.persona))];
const crossValidated: QuestionResult[] = [];
for (const persona of personas) {
  const train = asked.filter((a) => a.persona !== persona);
  const model = fit(examplesOf(train));
  const results = citations(
    asked.filter((a) => a.persona === persona),
    model,
    fitThresholds(train, model),
  );
  crossValidated.push(...results);
  console.log(`${persona}: ${JSON.stringify(summarise(results))}`);
}
const cv = summarise(crossValidated);
console.log(`cross-validated (leave one persona out): ${JSON.stringify(cv)}`);

const model = fit(examplesOf(asked));
const thresholds = fitThresholds(asked, model);
const inSample = summarise(citations(asked, model, thresholds));
const weights: DecisionWeights = {
  format: "mindprint-twin-decision/1",
  encoder: embedder.modelId,
  features: [...FEATURE_NAMES],
  model,
  ...thresholds,
  fittedOn: `${DESIGN}, ${files.length} personas of ${paths.join(", ")} (${asked.length} questions), ${new Date().toISOString().slice(0, 10)}; leave-one-persona-out precision ${cv.citation_precision}, recall ${cv.citation_recall}, abstention ${cv.abstention_accuracy}`,
};
fs.writeFileSync(outFile, `${JSON.stringify(weights, null, 2)}\n`);
console.log(`in sample: ${JSON.stringify(inSample)}`);
if (model.kind === "logistic") console.log(FEATURE_NAMES.map((name, j) => `${name} ${model.weights[j]}`).join(", "));
else console.log(`${model.stumps.length} stumps; features split most: ${FEATURE_NAMES.map((name, j) => [name, model.stumps.filter((s) => s.feature === j).length] as const).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).map(([name, n]) => `${name} ${n}`).join(", ")}`);
console.log(`wrote ${path.relative(process.cwd(), outFile)}: ${JSON.stringify(thresholds)}`);
