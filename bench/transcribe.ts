// Issue 46's budgets for offline transcription: at most 0.2 s of transcription per second of audio on 2 cores, and the
// job process (where transcription runs, its heap bounded by JOB_PROCESS_MEMORY_MB, 768 MB by default) stays within it.
// The child runs as the job process does (`--max-old-space-size`), imports the transcriber (the baseline), then Whisper
// loads its model and transcribes about forty seconds of speech (espeak-ng, the product's own voice engine) in 30-second windows.
// The time is printed as a ratio to the audio's own length, measured in the same run, beside PocketSphinx's on the same
// audio; the memory as the growth over the baseline and against the limit.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LIMIT_MB = 768;
const SPEECH = [
  "When I was a girl my mother sewed every dress I wore on an old treadle machine in the back room.",
  "The hardest decision I ever made was to close the bakery for a month after the flood took the ovens.",
  "My father drove a bus through the city for thirty years and never once missed a shift, not even in the snow.",
  "We spent every summer at my aunt's cottage by the lake, fishing off the wooden pier until it was too dark to see.",
  "I met your grandfather at a dance in the church hall, and he stepped on my feet all night long.",
  "If I could tell my younger self one thing, it would be to worry less about what the neighbours think of me.",
];

if (process.argv[2] === "child") {
  const engine = process.argv[3]!;
  const { spoken } = await import("../src/server/providers/transcription/test-speech");
  const { createWhisperTranscriber } = await import("../src/server/providers/transcription/whisper/whisper");
  const { createPocketsphinxTranscriber } = await import("../src/server/providers/transcription/pocketsphinx");
  const pcm = await spoken(SPEECH.join(" "), 140);
  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  const cacheDir = process.argv[4]!;
  const transcriber = engine === "whisper" ? createWhisperTranscriber({ cacheDir }) : createPocketsphinxTranscriber({ timeoutMs: 600_000 });
  const audio = { webm: () => Promise.reject(new Error("not used")), pcm16k: async () => pcm };
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  // The first recording loads the model (and, the first time ever, rewrites it): timed apart.
  let started = performance.now();
  await transcriber.transcribe({ ...audio, pcm16k: async () => pcm.subarray(0, 16_000 * 5) });
  const firstMs = performance.now() - started;
  started = performance.now();
  const text = await transcriber.transcribe(audio);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ seconds: pcm.length / 16_000, ms, firstMs, baseline, peak, heap: process.memoryUsage().heapUsed, words: text.split(/\s+/).length }));
  process.exit(0);
}

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-bench-whisper-"));
const measure = (engine: string) => {
  const out = execFileSync(process.execPath, ["--expose-gc", `--max-old-space-size=${LIMIT_MB}`, "--import", "tsx", fileURLToPath(import.meta.url), "child", engine, cacheDir], { cwd: root, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1)!) as { seconds: number; ms: number; firstMs: number; baseline: number; peak: number; heap: number; words: number };
};
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
console.log(`Offline transcription, Node ${process.versions.node}, ${os.cpus().length} cores, heap bounded at ${LIMIT_MB} MB as the job process is:`);
measure("whisper"); // the first run ever rewrites the model into the cache; the budget is for the runs after it
const whisper = measure("whisper");
const sphinx = measure("pocketsphinx");
for (const [name, r] of [["Whisper", whisper], ["PocketSphinx", sphinx]] as const)
  console.log(
    `  ${name.padEnd(12)} ${r.seconds.toFixed(1)} s of speech in ${(r.ms / 1000).toFixed(2)} s: ${(r.ms / 1000 / r.seconds).toFixed(3)} s per second of audio (first recording, with loading: ${(r.firstMs / 1000).toFixed(2)} s); RSS ${mb(r.baseline)} → ${mb(r.peak)} MB at most, heap ${mb(r.heap)} MB`,
  );
const rtf = whisper.ms / 1000 / whisper.seconds;
console.log(`  ratio to PocketSphinx's time on the same audio: ${(whisper.ms / sphinx.ms).toFixed(2)}`);
console.log(`  ${rtf <= 0.2 ? "PASS" : "FAIL"}  ≤ 0.2 s of transcription per second of audio: ${rtf.toFixed(3)}`);
console.log(`  ${mb(whisper.peak) <= LIMIT_MB ? "PASS" : "FAIL"}  the job process within JOB_PROCESS_MEMORY_MB (${LIMIT_MB} MB): RSS peak ${mb(whisper.peak)} MB (the model's ${mb(whisper.peak - whisper.baseline)} MB over the baseline, outside the bounded heap)`);
fs.rmSync(cacheDir, { recursive: true, force: true });
