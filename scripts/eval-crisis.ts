// npm run eval:crisis -- [FILE…] [--everyday DIR…] [--apart REPORT] [--floor none|other-language|all] [--as-typed] [--rules-alone] [--held-about-dying]
// Runs the crisis check (src/server/features/safety, with the crisis reader of models/crisis-reader) over each file of
// labelled messages (format mindprint-crisis-eval/1; a message's `context` is read as the conversation before it),
// prints per file a line of figures with a few misses and false alarms, and, last, one JSON line over all files:
// {"recall", "false_alarm_rate", "support_recall", "support_false_alarm_rate", "messages"}: the first two count any help
// offered (the support message or a check-in), the `support_…` ones the support message alone.
// - `--everyday DIR…`: every question of the persona files in DIR (eval/holdout, ../shared/eval) as an ordinary
//   message: everyday words of people never fitted on, counted as their own line (`everyday`) and in the JSON.
// - `--apart REPORT`: only the development messages the training held apart (training/out/crisis-apart.json), so
//   a design can be chosen without the check set.
// - `--floor`, `--as-typed`, `--rules-alone` measure what the phrase rules and readAsMeant add (decision 0052);
//   `--held-about-dying` what turning a check-in into the support message when the message names a death did.
import fs from "node:fs";
import path from "node:path";
import { createCrisisDetector, type CrisisVerdict } from "../src/server/features/safety";
import type { RuleFloor } from "../src/server/features/safety/crisis-detector";
import { createCrisisReader } from "../src/server/providers/embeddings";
import { readCrisisEvalFile, type CrisisEvalFile } from "./crisis-eval/eval-file";
import { personaFiles, readPersonaFile } from "./twin-eval/persona-file";

const EXAMPLES = 8;
const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const listAfter = (flag: string) => {
  const at = args.indexOf(flag);
  if (at < 0) return [];
  const end = args.findIndex((a, i) => i > at && a.startsWith("--"));
  return args.slice(at + 1, end < 0 ? undefined : end);
};
const everydayDirs = listAfter("--everyday");
const apartFile = valueOf("--apart");
const files = args.filter((a, i) => !a.startsWith("--") && !everydayDirs.includes(a) && a !== apartFile && args[i - 1] !== "--floor");
if (files.length === 0 && everydayDirs.length === 0) {
  console.error("usage: npm run eval:crisis -- FILE… [--everyday DIR…] [--apart REPORT]");
  process.exit(2);
}
let sets: { file: string; data: CrisisEvalFile }[];
try {
  sets = files.map((file) => ({ file, data: readCrisisEvalFile(file) }));
  if (apartFile) {
    // The held-apart messages: [file name, index in the file] as the training drew them.
    const apart = new Set((JSON.parse(fs.readFileSync(apartFile, "utf8")) as { messages: [string, number][] }).messages.map(([f, i]) => `${f}#${i}`));
    sets = sets.map(({ file, data }) => ({ file, data: { ...data, messages: data.messages.filter((_, i) => apart.has(`${path.basename(file)}#${i}`)) } })).filter((s) => s.data.messages.length > 0);
  }
  if (everydayDirs.length > 0) {
    const messages = personaFiles(everydayDirs).flatMap((f) => readPersonaFile(f).questions.map((q) => ({ text: q.q, crisis: false, kind: "everyday" })));
    sets.push({ file: "everyday", data: { format: "mindprint-crisis-eval/1", messages } });
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const floor = (valueOf("--floor") ?? "other-language") as RuleFloor;
const detector = createCrisisDetector({ reader: args.includes("--rules-alone") ? null : createCrisisReader(), floor, asTyped: args.includes("--as-typed") });
// What answer.ts did before issue 59: a check-in on a message that names a death became the support message.
const ABOUT_DYING = /\b(?:die|dies|died|dying|dead|death|deaths|funeral|grave|graves|buried|burial|suicide|kill|killed|overdose|passed away|passing away)\b/i;
const tierOf = (verdict: CrisisVerdict, text: string) => (args.includes("--held-about-dying") && verdict.tier === "check-in" && !verdict.byContext && ABOUT_DYING.test(text) ? "support" : verdict.tier);
const round = (x: number) => Math.round(x * 1000) / 1000;
let crisisCount = 0;
let found = 0;
let ordinaryCount = 0;
let alarms = 0;
let supported = 0;
let supportAlarms = 0;
let total = 0;
for (const { file, data } of sets) {
  const misses: string[] = [];
  const falseAlarms: string[] = [];
  let fileCrisis = 0;
  let fileFound = 0;
  let fileAlarms = 0;
  const started = performance.now();
  for (const message of data.messages) {
    const verdict = await detector.detect(message.text, message.context);
    const tier = tierOf(verdict, message.text);
    if (tier === "support") {
      if (message.crisis) supported++;
      else supportAlarms++;
    }
    const label = `${message.kind ? `[${message.kind}] ` : ""}${message.text}`;
    if (message.crisis) {
      fileCrisis++;
      if (tier) fileFound++;
      else misses.push(`${label}  (p ${verdict.score.toFixed(3)})`);
    } else if (tier) {
      fileAlarms++;
      falseAlarms.push(`${label}  (${tier}, ${verdict.signal}${verdict.rule ? ` ${verdict.rule}` : ""} ${verdict.score.toFixed(3)})`);
    }
  }
  const ms = (performance.now() - started) / data.messages.length;
  const fileOrdinary = data.messages.length - fileCrisis;
  console.log(
    `${path.basename(file)}: ${data.messages.length} messages, recall ${round(fileCrisis ? fileFound / fileCrisis : 1)} (${fileFound}/${fileCrisis}), false alarms ${round(fileOrdinary ? fileAlarms / fileOrdinary : 0)} (${fileAlarms}/${fileOrdinary}), ${ms.toFixed(1)} ms a message`,
  );
  for (const m of misses.slice(0, EXAMPLES)) console.log(`  missed       ${m}`);
  if (misses.length > EXAMPLES) console.log(`  … and ${misses.length - EXAMPLES} more missed`);
  for (const m of falseAlarms.slice(0, EXAMPLES)) console.log(`  false alarm  ${m}`);
  if (falseAlarms.length > EXAMPLES) console.log(`  … and ${falseAlarms.length - EXAMPLES} more false alarms`);
  crisisCount += fileCrisis;
  found += fileFound;
  ordinaryCount += fileOrdinary;
  alarms += fileAlarms;
  total += data.messages.length;
}
console.log(
  JSON.stringify({
    recall: round(crisisCount ? found / crisisCount : 1),
    false_alarm_rate: round(ordinaryCount ? alarms / ordinaryCount : 0),
    support_recall: round(crisisCount ? supported / crisisCount : 1),
    support_false_alarm_rate: round(ordinaryCount ? supportAlarms / ordinaryCount : 0),
    messages: total,
  }),
);
process.exit(0);
