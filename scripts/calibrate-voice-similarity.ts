/**
 * Measures the baseline the speaker similarity is calibrated on (docs/formulas.md, "Voice clone similarity"): seven
 * espeak-ng voices each read two different passages. Two readings by one voice are the same speaker; readings by two
 * voices are different speakers. A clone's pitch is always fitted to the owner's, so the different speakers that
 * matter are those within 3 semitones of each other. Prints every distance, the two medians the figure is calibrated
 * on (SPEAKER_DISTANCE_SAME, _DIFFERENT in src/server/platform/audio/voice-similarity.ts), the similarity each pair
 * gets, and the earlier prosody score for comparison.
 *   tsx scripts/calibrate-voice-similarity.ts
 */
import { VoiceFeatureMeter, voiceSimilarity, type VoiceFeatures } from "../src/server/platform/audio/voice-features";
import { speakerDistance, speakerSimilarity } from "../src/server/platform/audio/voice-similarity";
import { synthesizeSpeech, type LocalVoiceSettings } from "../src/server/providers/voice/local-engine";

const PASSAGES = [
  "My father worked at the mill for thirty years. Every evening he came home tired, but he always had a story for us at dinner. Those stories are what I remember most about him.",
  "I grew up in a small town by the river, and every summer we swam until dark. Hello, this is my voice. I recorded it so the people I love can still hear me.",
];

export const BASELINE_VOICES: LocalVoiceSettings[] = [
  { voice: "en-us", pitch: 50, range: 50, rate: 175 },
  { voice: "en-us+f3", pitch: 55, range: 55, rate: 165 },
  { voice: "en-gb+m3", pitch: 45, range: 50, rate: 170 },
  { voice: "en-us+klatt", pitch: 50, range: 50, rate: 175 },
  { voice: "en-us+f2", pitch: 60, range: 50, rate: 170 },
  { voice: "en-us+m7", pitch: 40, range: 50, rate: 170 },
  { voice: "en-us+croak", pitch: 50, range: 50, rate: 175 },
];

async function features(text: string, settings: LocalVoiceSettings): Promise<VoiceFeatures> {
  const speech = await synthesizeSpeech(text, settings);
  const meter = new VoiceFeatureMeter();
  meter.add(speech.samples, speech.sampleRate);
  return meter.finish();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const readings = [];
for (const settings of BASELINE_VOICES) readings.push({ name: settings.voice, a: await features(PASSAGES[0]!, settings), b: await features(PASSAGES[1]!, settings) });
const same: number[] = [];
const different: number[] = [];
const semitones = (a: VoiceFeatures, b: VoiceFeatures) => Math.abs(12 * Math.log2(a.medianF0Hz! / b.medianF0Hz!));
const line = (a: VoiceFeatures, b: VoiceFeatures) =>
  `D ${speakerDistance(a, b)!.toFixed(3)}  similarity ${speakerSimilarity(a, b)!.toFixed(3)}  pitch ${semitones(a, b).toFixed(1)} st  (prosody score ${voiceSimilarity(a, b).toFixed(3)})`;
for (const r of readings) {
  const d = speakerDistance(r.a, r.b)!;
  same.push(d);
  console.log(`same speaker   ${r.name.padEnd(25)} ${line(r.a, r.b)}`);
}
for (let i = 0; i < readings.length; i++) {
  for (let j = i + 1; j < readings.length; j++) {
    const [a, b] = [readings[i]!.a, readings[j]!.b];
    if (semitones(a, b) <= 3) different.push(speakerDistance(a, b)!);
    console.log(`different      ${readings[i]!.name.padEnd(12)} ${readings[j]!.name.padEnd(12)} ${line(a, b)}`);
  }
}
console.log(JSON.stringify({ sameMedian: +median(same).toFixed(3), sameMax: +Math.max(...same).toFixed(3), similarPitchDifferentMedian: +median(different).toFixed(3), similarPitchDifferentMin: +Math.min(...different).toFixed(3), similarPitchPairs: different.length }));
process.exit(0);
