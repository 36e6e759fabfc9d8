/**
 * Remakes the WebM/Opus recordings the tests upload (src/server/platform/audio/fixtures/): speech synthesized by the
 * offline voice engine (espeak-ng), padded with silence to an exact length, and a plain tone, which must be rated
 * "No speech detected". Needs Debian's ffmpeg for the Opus encoding; the files are committed, so tests do not.
 *   tsx scripts/make-audio-fixtures.ts
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { synthesizeSpeech } from "../src/server/providers/voice/local-engine";
import { encodeWav } from "../src/server/providers/voice/wav";
import { statementDate, voiceConsentStatement } from "../src/contract/voice-options";

const CONSENT_FIXTURE_DAY = "2026-11-26";
const out = path.join(import.meta.dirname, "../src/server/platform/audio/fixtures");

/** Fits samples to exactly `seconds`: a little silence first, the rest after (or cut). */
function fit(samples: Int16Array, sampleRate: number, seconds: number): Int16Array {
  const fitted = new Int16Array(Math.round(seconds * sampleRate));
  const lead = Math.round(0.2 * sampleRate);
  fitted.set(samples.subarray(0, fitted.length - lead), lead);
  return fitted;
}

function toWebm(name: string, pcm: Int16Array, sampleRate: number): void {
  const wav = path.join(os.tmpdir(), `${name}.wav`);
  fs.writeFileSync(wav, encodeWav(pcm, sampleRate));
  // 48 kHz mono Opus in WebM, as a browser's MediaRecorder writes it.
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-i", wav, "-ar", "48000", "-ac", "1", "-c:a", "libopus", "-b:a", "48k", path.join(out, `${name}.webm`)]);
  fs.rmSync(wav);
  console.log(`${name}.webm: ${fs.statSync(path.join(out, `${name}.webm`)).size} bytes`);
}

async function speech(text: string, seconds: number, name: string, voice: { voice: string; pitch: number; range: number; rate: number }) {
  const spoken = await synthesizeSpeech(text, voice);
  const pcm = Int16Array.from(spoken.samples, (s) => Math.round(Math.max(-1, Math.min(1, s * 0.8)) * 32767));
  toWebm(name, fit(pcm, spoken.sampleRate, seconds), spoken.sampleRate);
}

await speech("I grew up in a small town by the river, and every summer we swam until dark.", 4.5, "spoken-4.5s", { voice: "en-us", pitch: 40, range: 50, rate: 175 });
// The consent most tests record, in the same voice as the training clip above: a clone is trained only from the voice
// that read its consent (SECURITY.md 51).
await speech(
  "I agree to Mindprint recording my voice and using it to build a voice that sounds like me. I can withdraw this consent at any time.",
  10.5,
  "spoken-10.5s",
  { voice: "en-us", pitch: 40, range: 50, rate: 175 },
);
// A voice the offline engine does not have (espeak's "m7" variant), for the clone's speaker similarity (clone-similarity.test.ts).
await speech("I grew up in a small town by the river, and every summer we swam until dark.", 4.5, "spoken-other-voice-4.5s", { voice: "en-us+m7", pitch: 40, range: 50, rate: 170 });
// The consent statement as Marguerite reads it on 26 November 2026 for "only me" (voice-consent-check.test.ts moves
// its app's clock to that day), about 25 s.
await speech(voiceConsentStatement("Marguerite", statementDate(CONSENT_FIXTURE_DAY), "only-me"), 26, "consent-statement-2026-11-26", { voice: "en-us+f3", pitch: 55, range: 55, rate: 165 });
const rate = 48_000;
toWebm("tone-5s", Int16Array.from({ length: 5 * rate }, (_, i) => Math.round(0.3 * 32767 * Math.sin((2 * Math.PI * 440 * i) / rate))), rate);
