// npm run eval:transcribe [-- --engines whisper,pocketsphinx] [--limit N]
// Reads known texts (scripts/transcribe-eval/passages.ts) aloud with Debian's voices (espeak-ng, flite, Festival; several
// speeds), puts room noise under every other reading, sends each through WebM/Opus as the browser does, and transcribes
// them with each offline engine. Prints per engine its word error rate (edits ÷ words said) and the time it took per
// second of audio, per voice for each, a few of its worst readings, and, last, one JSON line for the default engine
// (Whisper): {"wer", "rtf", "readings"}. Needs `apt-get install espeak-ng flite festival ffmpeg` (README).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPocketsphinxTranscriber, pocketsphinxInstalled } from "../src/server/providers/transcription/pocketsphinx";
import type { Transcriber } from "../src/server/providers/transcription/transcriber";
import { createWhisperTranscriber } from "../src/server/providers/transcription/whisper/whisper";
import { PASSAGES, VOICES } from "./transcribe-eval/passages";
import { readAloud } from "./transcribe-eval/read-aloud";
import { wordErrors } from "./transcribe-eval/wer";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const engines = (option("--engines") ?? "whisper,pocketsphinx").split(",");
const limit = Number(option("--limit") ?? Infinity);

interface Reading {
  text: string;
  voice: string;
  noisy: boolean;
  pcm: Int16Array;
}

const work = await fs.mkdtemp(path.join(os.tmpdir(), "mindprint-eval-transcribe-"));
const readings: Reading[] = [];
let n = 0;
for (const [i, text] of PASSAGES.entries())
  for (const [j, voice] of VOICES.entries()) {
    if (readings.length >= limit) break;
    const noisy = (i + j) % 2 === 1;
    readings.push({ text, voice: voice.name, noisy, pcm: await readAloud(text, voice, { noisy, dir: work, n: n++ }) });
  }
await fs.rm(work, { recursive: true, force: true });
const audioSeconds = readings.reduce((s, r) => s + r.pcm.length / 16_000, 0);
console.log(`${readings.length} readings (${PASSAGES.length} texts × ${VOICES.length} voices, ${readings.filter((r) => r.noisy).length} with noise, all through WebM/Opus), ${audioSeconds.toFixed(0)} s of audio`);

const transcribers: Record<string, () => Transcriber | null> = {
  whisper: () => createWhisperTranscriber({ cacheDir: path.resolve(process.env.DATA_DIR ?? "./data", "models") }),
  pocketsphinx: () => (pocketsphinxInstalled() ? createPocketsphinxTranscriber({ timeoutMs: 120_000 }) : null),
};
const audioOf = (pcm: Int16Array) => ({ webm: () => Promise.reject(new Error("not used")), pcm16k: async () => pcm });
const round = (x: number) => Math.round(x * 1000) / 1000;
const results: Record<string, { wer: number; rtf: number }> = {};
for (const engine of engines) {
  const transcriber = transcribers[engine]?.();
  if (!transcriber) {
    console.log(`${engine}: not available here`);
    continue;
  }
  // The first recording loads the model: not counted in the time per second of audio.
  await transcriber.transcribe(audioOf(readings[0]!.pcm));
  let errors = 0;
  let words = 0;
  let seconds = 0;
  const byVoice = new Map<string, { errors: number; words: number }>();
  const worst: Array<{ wer: number; said: string; heard: string; voice: string }> = [];
  for (const reading of readings) {
    const started = performance.now();
    const heard = await transcriber.transcribe(audioOf(reading.pcm));
    seconds += (performance.now() - started) / 1000;
    const e = wordErrors(reading.text, heard);
    errors += e.errors;
    words += e.words;
    const v = byVoice.get(reading.voice) ?? { errors: 0, words: 0 };
    byVoice.set(reading.voice, { errors: v.errors + e.errors, words: v.words + e.words });
    worst.push({ wer: e.errors / e.words, said: reading.text, heard, voice: `${reading.voice}${reading.noisy ? ", noise" : ""}` });
  }
  results[engine] = { wer: round(errors / words), rtf: round(seconds / audioSeconds) };
  console.log(`${engine} (${transcriber.name}): word error rate ${results[engine].wer} (${errors} of ${words} words), ${results[engine].rtf} s per second of audio`);
  for (const [voice, v] of byVoice) console.log(`  ${voice}: ${round(v.errors / v.words)}`);
  for (const w of worst.sort((a, b) => b.wer - a.wer).slice(0, 3)) console.log(`  worst ${round(w.wer)} [${w.voice}] said "${w.said}" heard "${w.heard}"`);
}
if (results.whisper && results.pocketsphinx) console.log(`Whisper's word error rate is ${Math.round((1 - results.whisper.wer / results.pocketsphinx.wer) * 100)} % lower than PocketSphinx's on the same readings`);
const main = results.whisper ?? Object.values(results)[0];
console.log(JSON.stringify({ wer: main?.wer ?? null, rtf: main?.rtf ?? null, readings: readings.length }));
process.exit(0);
