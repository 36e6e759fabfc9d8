// npm run calibrate:consent-voice
// Fits the threshold below which a clone's training recordings are taken not to be the voice that read its consent
// (issue 57, SECURITY.md 51, features/voice/consent-voice.ts): each of eval:consent's readers (and its held-out readers)
// reads the consent statement and, separately, a training passage, with and without room noise, through WebM/Opus as
// the browser sends them. Every consent reading is compared with every training reading by the product's speaker
// similarity (platform/audio/voice-similarity.ts): the same reader (the same engine and voice, at any pace, with or
// without noise) and different speakers (pairs of two readers of one speaker, espeak's accents or flite's and
// Festival's recordings of one person, are counted in neither). Prints both distributions, each threshold's rates, and
// the fitted one: the highest that refuses at most 5 % of one reader's own pairs on the development readers, checked
// on the held-out ones.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { statementDate, voiceConsentStatement } from "../src/contract";
import { VoiceFeatureMeter, type VoiceFeatures } from "../src/server/platform/audio/voice-features";
import { speakerSimilarity } from "../src/server/platform/audio/voice-similarity";
import { CONSENT_VOICE_MATCH } from "../src/server/features/voice/consent-voice";
import { CONSENT_VOICES, HOLDOUT_CONSENT_VOICES, readAloud, type Voice } from "./transcribe-eval/read-aloud";

const TRAINING_PASSAGE =
  "Every summer my grandmother took us to the lake. We rowed out before breakfast, when the water was still and grey, " +
  "and she taught us the names of the birds on the far shore. In the evenings we sat on the porch and she told us about " +
  "the war, the farm she grew up on, and the brother she lost at sea.";

/** The reader: the engine and the voice, whatever the pace ("espeak-ng en-us 110" and "… 170" are one reader). */
const readerOf = (voice: Voice) => voice.name.replace(/ (\d+|×[\d.]+)$/, "");
/**
 * The recorded or synthetic speaker behind a reader: espeak-ng's accents share one voice unless a variant (+f3, +m3,
 * klatt) gives another; flite's and Festival's "kal" are one recorded speaker, as are their "slt". Two readers of one
 * speaker are neither the same reader nor clearly different people, so their pairs are left out of both counts.
 */
function speakerOf(voice: Voice): string {
  const name = readerOf(voice);
  if (name.startsWith("espeak-ng")) return `espeak ${/\+(\w+)/.exec(name)?.[1] ?? "default"}`;
  return /(kal|slt|awb|rms|ked)/.exec(name)?.[1] ?? name;
}

const work = await fs.mkdtemp(path.join(os.tmpdir(), "mindprint-consent-voice-"));
let n = 0;
const measure = async (text: string, voice: Voice, noisy: boolean): Promise<VoiceFeatures> => {
  const pcm = await readAloud(text, voice, { noisy, dir: work, n: n++ });
  const meter = new VoiceFeatureMeter();
  meter.add(Float32Array.from(pcm, (v) => v / 32768), 16_000);
  return meter.finish();
};

async function pairs(voices: Voice[], label: string) {
  const readings: { reader: string; speaker: string; consent: VoiceFeatures; training: VoiceFeatures }[] = [];
  for (const [i, voice] of voices.entries())
    for (const noisy of [false, true]) {
      const consent = await measure(voiceConsentStatement(["Rosa Delgado", "Harold Finch", "Amara Osei"][i % 3]!, statementDate("2026-11-28"), "only-me"), voice, noisy);
      readings.push({ reader: readerOf(voice), speaker: speakerOf(voice), consent, training: await measure(TRAINING_PASSAGE, voice, !noisy) });
    }
  const same: number[] = [];
  const different: number[] = [];
  for (const a of readings)
    for (const b of readings) {
      const s = speakerSimilarity(a.consent, b.training) ?? 0;
      if (a.reader === b.reader) same.push(s);
      else if (a.speaker !== b.speaker) different.push(s);
    }
  const worst = readings.flatMap((a) => readings.filter((b) => a.speaker !== b.speaker).map((b) => ({ pair: `${a.reader} / ${b.reader}`, s: speakerSimilarity(a.consent, b.training) ?? 0 })));
  console.log(`  most alike different speakers: ${worst.toSorted((x, y) => y.s - x.s).slice(0, 5).map((w) => `${w.pair} ${w.s.toFixed(2)}`).join("; ")}`);
  const sorted = (xs: number[]) => xs.toSorted((x, y) => x - y);
  const q = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  const r = (x: number) => x.toFixed(3);
  console.log(`${label}: ${readings.length} readers' readings; same speaker ${same.length} pairs: min ${r(Math.min(...same))}, 5 % ${r(q(same, 0.05))}, median ${r(q(same, 0.5))}; different speakers ${different.length} pairs: median ${r(q(different, 0.5))}, 95 % ${r(q(different, 0.95))}, max ${r(Math.max(...different))}`);
  return { same, different };
}

const dev = await pairs(CONSENT_VOICES, "development readers");
const held = await pairs(HOLDOUT_CONSENT_VOICES, "held-out readers");
await fs.rm(work, { recursive: true, force: true });
const rates = (set: { same: number[]; different: number[] }, t: number) => ({
  false_refusal: Math.round((set.same.filter((s) => s < t).length / set.same.length) * 1000) / 1000,
  false_match: Math.round((set.different.filter((s) => s >= t).length / set.different.length) * 1000) / 1000,
});
// The two distributions overlap (espeak's variants are near one another), so the fit protects the person: the
// highest threshold, in steps of 0.05, that refuses at most 5 % of one reader's own pairs on the development readers.
const steps = Array.from({ length: 19 }, (_, i) => Math.round((i + 1) * 5) / 100);
for (const step of steps) console.log(`  threshold ${step.toFixed(2)}: development ${JSON.stringify(rates(dev, step))}, held out ${JSON.stringify(rates(held, step))}`);
const fitted = steps.filter((step) => rates(dev, step).false_refusal <= 0.05).at(-1)!;
console.log(`fitted threshold (highest with development false refusal ≤ 0.05): ${fitted.toFixed(2)}; in the product: ${CONSENT_VOICE_MATCH}`);
console.log(JSON.stringify({ threshold: CONSENT_VOICE_MATCH, development: rates(dev, CONSENT_VOICE_MATCH), held_out: rates(held, CONSENT_VOICE_MATCH) }));
