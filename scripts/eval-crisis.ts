// npm run eval:crisis -- FILE…
// Runs the crisis check (src/server/features/safety, with the offline sentence encoder) over each file of labelled
// messages (format mindprint-crisis-eval/1; a message's `context` is read as the conversation before it), prints per
// file a line of figures with a few misses and false alarms, and, last, one JSON line over all files:
// {"recall", "false_alarm_rate", "support_recall", "support_false_alarm_rate", "messages"}: the first two count any help
// offered (the support message or a check-in), the `support_…` ones the support message alone.
import path from "node:path";
import { createMiniLmEmbedder, createUseLiteEmbedder, USE_LITE_MODEL_ID } from "../src/server/providers/embeddings";
import { createCrisisDetector } from "../src/server/features/safety";
import { shippedCrisisModel } from "../src/server/features/safety/crisis-model";
import { readCrisisEvalFile } from "./crisis-eval/eval-file";

const EXAMPLES = 8;
const files = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (files.length === 0) {
  console.error("usage: npm run eval:crisis -- FILE…");
  process.exit(2);
}
let sets;
try {
  sets = files.map((file) => ({ file, data: readCrisisEvalFile(file) }));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// The encoder the shipped model was fitted on.
const detector = createCrisisDetector({ embedder: shippedCrisisModel().encoder === USE_LITE_MODEL_ID ? createUseLiteEmbedder() : createMiniLmEmbedder() });
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
    if (verdict.tier === "support") {
      if (message.crisis) supported++;
      else supportAlarms++;
    }
    const label = `${message.kind ? `[${message.kind}] ` : ""}${message.text}`;
    if (message.crisis) {
      fileCrisis++;
      if (verdict.crisis) fileFound++;
      else misses.push(`${label}  (p ${verdict.score.toFixed(3)})`);
    } else if (verdict.crisis) {
      fileAlarms++;
      falseAlarms.push(`${label}  (${verdict.tier}, ${verdict.signal}${verdict.rule ? ` ${verdict.rule}` : ""} ${verdict.score.toFixed(3)})`);
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
