import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A Debian voice: a command writing a WAV file, with `{text}`, `{textfile}` and `{out}` filled in. */
export interface Voice {
  name: string;
  command: string;
  args: string[];
}

const espeak = (voice: string, wpm: number): Voice => ({ name: `espeak-ng ${voice} ${wpm}`, command: "espeak-ng", args: ["-v", voice, "-s", String(wpm), "-w", "{out}", "{text}"] });
const flite = (voice: string, stretch = 1): Voice => ({ name: `flite ${voice}${stretch === 1 ? "" : ` ×${stretch}`}`, command: "flite", args: ["-voice", voice, "--setf", `duration_stretch=${stretch}`, "-t", "{text}", "-o", "{out}"] });
const festival = (voice: string, label: string, stretch = 1): Voice => ({
  name: `festival ${label}${stretch === 1 ? "" : ` ×${stretch}`}`,
  command: "text2wave",
  args: ["-o", "{out}", "-eval", `(begin (${voice}) (Parameter.set 'Duration_Stretch ${stretch}))`, "{textfile}"],
});

/**
 * The consent evaluation's readers (`apt-get install espeak-ng flite festival festvox-kallpc16k festvox-kdlpc16k
 * festvox-us-slt-hts`): espeak-ng's voices at 110–170 words a minute, flite's four voices at three paces, Festival's
 * diphone and HTS voices.
 */
export const CONSENT_VOICES: Voice[] = [
  espeak("en-us", 110),
  espeak("en-us", 170),
  espeak("en-gb", 140),
  espeak("en-us+f3", 130),
  espeak("en-gb+m3", 160),
  espeak("en-sc", 140),
  flite("slt"),
  flite("awb", 1.2),
  flite("rms", 0.9),
  flite("kal"),
  festival("voice_kal_diphone", "kal"),
  festival("voice_ked_diphone", "ked"),
  festival("voice_cmu_us_slt_arctic_hts", "slt hts"),
];

/**
 * Readers the consent check was never shaped on (`npm run eval:consent -- --holdout`): espeak-ng's other accents and
 * variants (Received Pronunciation, Caribbean, New York, Lancaster, West Midlands, a female and a Klatt voice), flite's
 * 16 kHz kal and slt at other paces, Festival's voices slowed and quickened.
 */
export const HOLDOUT_CONSENT_VOICES: Voice[] = [
  espeak("en-gb-x-rp", 125),
  espeak("en-029", 150),
  espeak("en-us-nyc", 135),
  espeak("en-gb-x-gbclan", 145),
  espeak("en-gb-x-gbcwmd", 115),
  espeak("en-us+f4", 155),
  espeak("en-us+klatt", 140),
  flite("kal16", 1.1),
  flite("slt", 0.85),
  flite("awb", 1),
  festival("voice_kal_diphone", "kal", 1.15),
  festival("voice_ked_diphone", "ked", 0.9),
  festival("voice_cmu_us_slt_arctic_hts", "slt hts", 1.2),
];

/**
 * Reads a text aloud with a voice, puts room noise (brown or pink, about 20 dB under the voice) under it when asked, and sends it
 * through WebM/Opus at 32 kbit/s as the browser's recorder uploads; answers 16 kHz mono PCM.
 */
export async function readAloud(text: string, voice: Voice, options: { noisy: boolean; dir: string; n: number; noise?: "brown" | "pink" }): Promise<Int16Array> {
  const wav = path.join(options.dir, `${options.n}.wav`);
  const textfile = path.join(options.dir, `${options.n}.txt`);
  await fs.writeFile(textfile, text);
  await run(voice.command, voice.args.map((a) => a.replace("{out}", wav).replace("{textfile}", textfile).replace("{text}", text)));
  const webm = path.join(options.dir, `${options.n}.webm`);
  const noise = options.noisy ? ["-filter_complex", `anoisesrc=color=${options.noise ?? "brown"}:amplitude=0.05:seed=${options.noise === "pink" ? 11 : 7}[n];[0:a][n]amix=inputs=2:duration=first:normalize=0`] : [];
  await run("ffmpeg", ["-y", "-loglevel", "error", "-i", wav, ...noise, "-ac", "1", "-ar", "48000", "-c:a", "libopus", "-b:a", "32k", webm]);
  const { stdout } = await run("ffmpeg", ["-loglevel", "error", "-i", webm, "-ac", "1", "-ar", "16000", "-f", "s16le", "-"], { encoding: "buffer", maxBuffer: 64 << 20 });
  const bytes = stdout as unknown as Buffer;
  await Promise.all([wav, textfile, webm].map((f) => fs.rm(f, { force: true })));
  return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length >> 1).slice();
}
