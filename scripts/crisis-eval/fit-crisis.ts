// npm run fit:crisis [-- --encoder minilm|use-lite] [--whole] [--features FILE] [--dry-run] [--mlp] [FILE…]   (eval/dev/crisis-*.json by default)
// --mlp (with --dry-run) measures design 8, a network of one hidden layer (mlp.ts; MLP_HIDDEN, MLP_EPOCHS, MLP_DECAY).
// Fits the learned crisis check (src/server/features/safety/crisis-model.ts): logistic regression over each message's
// sentence embedding and its phrase-rule features. Cross-validated leaving one writer's file out: the two thresholds
// are chosen on the out-of-fold probabilities (the support message at most 2 % false alarms; a check-in at 96 % of the
// crises found), then the model fitted on every file is written to crisis-weights.json with them (docs/formulas.md).
import fs from "node:fs";
import path from "node:path";
import { createMiniLmEmbedder, createUseLiteEmbedder, MINILM_MODEL_ID, USE_LITE_MODEL_ID, type Embedder } from "../../src/server/providers/embeddings";
import { readingsOf, readWithRules } from "../../src/server/features/safety/crisis-detector";
import { crisisProbability, RULE_FEATURES, ruleFeatures, type CrisisModel } from "../../src/server/features/safety/crisis-model";
import { fitLogistic, type Example } from "../twin-eval/logistic";
import { fitMlp, mlpProbability } from "./mlp";
import { readCrisisEvalFile } from "./eval-file";
import { personaFiles, readPersonaFile } from "../twin-eval/persona-file";

const MODEL_FILE = path.resolve(import.meta.dirname, "../../src/server/features/safety/crisis-weights.json");
const SUPPORT_FALSE_ALARMS = 0.02;
const CHECK_IN_RECALL = 0.96;

const args = process.argv.slice(2);
const encoderName = args.includes("--encoder") ? args[args.indexOf("--encoder") + 1] : "minilm";
const bySentence = !args.includes("--whole");
const MLP = args.includes("--mlp");
if (MLP && !args.includes("--dry-run")) throw new Error("the product reads a logistic model only: measure --mlp with --dry-run");
const named = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--encoder" && args[i - 1] !== "--features");
const files = named.length > 0 ? named : fs.readdirSync("eval/dev").filter((f) => /^crisis-.*\.json$/.test(f)).map((f) => path.join("eval/dev", f));
const embedder: Embedder = encoderName === "use-lite" ? createUseLiteEmbedder() : createMiniLmEmbedder();
const encoderId = encoderName === "use-lite" ? USE_LITE_MODEL_ID : MINILM_MODEL_ID;

interface Item {
  file: string;
  crisis: boolean;
  /** Each reading's text and embedding; the first is the message itself, the last the conversation when there is one. */
  texts: string[];
  vectors: number[][];
  withContext: boolean;
}

// --features FILE keeps the embedded readings: they do not depend on the fit, so a refit can skip the encoder.
const featuresFile = args.includes("--features") ? args[args.indexOf("--features") + 1] : undefined;
const items: Item[] = featuresFile && fs.existsSync(featuresFile) ? JSON.parse(fs.readFileSync(featuresFile, "utf8")) : [];
const started = performance.now();
/**
 * Everyday words to a twin: the development personas' questions and memories (eval/dev/persona-*.json), none of them a
 * crisis. The crisis sets' ordinary messages were written to look like crises; without these the model learns that
 * anything said to the dead ("Goodnight, love", "I'll be with you on Sunday") is one. They are always fitted on and never
 * counted in the figures or the thresholds, which are the crisis sets' own.
 */
const EVERYDAY = "everyday (persona questions and memories)";
function everydayMessages(): { text: string; crisis: boolean; context?: string[] }[] {
  return personaFiles(["eval/dev"]).flatMap((file) => {
    const persona = readPersonaFile(file);
    return [...persona.questions.map((q) => q.q), ...persona.memories.map((m) => m.content)].map((text) => ({ text, crisis: false }));
  });
}
for (const [file, data] of items.length > 0 ? [] : ([...files.map((f) => [f, readCrisisEvalFile(f)] as const), [EVERYDAY, { messages: everydayMessages() }]] as const)) {
  const texts = data.messages.map((m) => readingsOf(m.text, m.context, bySentence));
  const flat = texts.flat();
  const vectors: Float32Array[] = [];
  for (let i = 0; i < flat.length; i += 64) vectors.push(...(await embedder.embed(flat.slice(i, i + 64), "background")));
  let at = 0;
  data.messages.forEach((m, i) => {
    const own = texts[i]!.map(() => [...vectors[at++]!]);
    items.push({ file: path.basename(file), crisis: m.crisis, texts: texts[i]!, vectors: own, withContext: (m.context?.length ?? 0) > 0 });
  });
}
if (featuresFile && !fs.existsSync(featuresFile)) fs.writeFileSync(featuresFile, JSON.stringify(items));
console.log(`${items.length} messages from ${files.length} files, ${encoderId}, read ${bySentence ? "whole and by sentence" : "whole"}, embedded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const dimensions = items[0]!.vectors[0]!.length;
// The model's features of every reading: its embedding, then what the rules make of it.
const readingsOfItem = new Map(items.map((item) => [item, item.texts.map((t, i) => [...item.vectors[i]!, ...ruleFeatures(readWithRules(t), t)])]));
// Each message teaches with its own reading and the conversation's; an ordinary message's sentences are ordinary too,
// but one sentence of a crisis message may not be.
const examplesOf = (list: Item[]): Example[] =>
  list.flatMap((item) => {
    const all = readingsOfItem.get(item)!;
    const readings = item.crisis ? [all[0]!, ...(item.withContext ? [all.at(-1)!] : [])] : all;
    return readings.map((features) => ({ features, label: item.crisis ? (1 as const) : (0 as const) }));
  });
const L2 = Number(process.env.CRISIS_L2 ?? 0.05);
const fit = (list: Item[]) => fitLogistic(examplesOf(list), { l2: L2, iterations: 400, rate: 0.5 });
const modelOf = (m: ReturnType<typeof fit>, supportAt = 1, checkInAt = 1): CrisisModel => ({
  format: "mindprint-crisis-model/1",
  encoder: encoderId,
  dimensions,
  rules: [...RULE_FEATURES],
  ...m,
  supportAt,
  checkInAt,
  bySentence,
  fittedOn: "",
});
type Scorer = (features: number[]) => number;
const scorerOf = (list: Item[]): Scorer => {
  if (MLP) {
    const net = fitMlp(examplesOf(list), { hidden: Number(process.env.MLP_HIDDEN ?? 32), epochs: Number(process.env.MLP_EPOCHS ?? 30), decay: Number(process.env.MLP_DECAY ?? 1e-3) });
    return (f) => mlpProbability(net, f);
  }
  const model = modelOf(fit(list));
  return (f) => crisisProbability(model, Float32Array.from(f.slice(0, dimensions)), f.slice(dimensions));
};
// The most worrying reading counts: a crisis said in the last sentence of a long, ordinary message, or across turns.
const score = (scorer: Scorer, item: Item) => Math.max(...readingsOfItem.get(item)!.map(scorer));

// Leave one writer's file out.
const outOfFold = new Map<Item, number>();
const judged = items.filter((i) => i.file !== EVERYDAY);
for (const file of new Set(judged.map((i) => i.file))) {
  const scorer = scorerOf(items.filter((i) => i.file !== file));
  for (const item of items.filter((i) => i.file === file)) outOfFold.set(item, score(scorer, item));
}

const figures = (list: Item[], at: number) => {
  const crises = list.filter((i) => i.crisis);
  const others = list.filter((i) => !i.crisis);
  return { recall: crises.filter((i) => outOfFold.get(i)! >= at).length / Math.max(1, crises.length), falseAlarms: others.filter((i) => outOfFold.get(i)! >= at).length / Math.max(1, others.length) };
};
const ordinaryScores = judged.filter((i) => !i.crisis).map((i) => outOfFold.get(i)!).sort((a, b) => b - a);
const crisisScores = judged.filter((i) => i.crisis).map((i) => outOfFold.get(i)!).sort((a, b) => b - a);
// Just above the ordinary message at the allowed share; just at the crisis message that keeps the recall asked for.
const supportAt = Math.min(0.999, (ordinaryScores[Math.floor(ordinaryScores.length * SUPPORT_FALSE_ALARMS)] ?? 0.5) + 1e-6);
const checkInAt = Math.min(supportAt, crisisScores[Math.ceil(crisisScores.length * CHECK_IN_RECALL) - 1] ?? 0.5);
const r3 = (x: number) => Math.round(x * 1000) / 1000;
for (const file of new Set(judged.map((i) => i.file))) {
  const list = judged.filter((i) => i.file === file);
  const help = figures(list, checkInAt);
  const support = figures(list, supportAt);
  console.log(`${file}: help recall ${r3(help.recall)} false alarms ${r3(help.falseAlarms)}; support recall ${r3(support.recall)} false alarms ${r3(support.falseAlarms)}`);
}
const help = figures(judged, checkInAt);
const support = figures(judged, supportAt);
const cv = { recall: r3(help.recall), false_alarm_rate: r3(help.falseAlarms), support_recall: r3(support.recall), support_false_alarm_rate: r3(support.falseAlarms), messages: judged.length };
console.log(`cross-validated (leave one file out), supportAt ${r3(supportAt)}, checkInAt ${r3(checkInAt)}: ${JSON.stringify(cv)}`);

if (!args.includes("--dry-run")) {
  const model = modelOf(fit(items), r3(supportAt), r3(checkInAt));
  model.fittedOn = `${files.map((f) => path.basename(f)).join(", ")}, and ${items.length - judged.length} everyday messages (eval/dev personas); logistic regression (l2 0.05, 400 steps); thresholds from leave-one-file-out probabilities; cross-validated ${JSON.stringify(cv)}`;
  fs.writeFileSync(MODEL_FILE, `${JSON.stringify(model)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), MODEL_FILE)}`);
}
process.exit(0);
