import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { encodeWav } from "../voice/wav";
import { POCKETSPHINX_MODEL_DIR, pocketsphinxInstalled, runPocketsphinx, TEMP_PREFIX } from "./pocketsphinx";

/**
 * Listens for given phrases in a recording (PocketSphinx's keyphrase search, `-kws`), rather than transcribing it:
 * the decoder only has to decide, phrase by phrase, whether it was said, which it does far more reliably than free
 * transcription. A phrase is listened for only when every word of it is in the recogniser's dictionary.
 */
export interface KeyphraseSpotter {
  readonly name: string;
  /** Whether the recogniser knows this (lower-case) word, so that a phrase with it can be listened for. */
  knows(word: string): Promise<boolean>;
  /** The phrases (of `phrases`) heard at least once in 16 kHz mono PCM. */
  spot(pcm16k: Int16Array, phrases: string[]): Promise<Set<string>>;
}

/**
 * The detection threshold of every phrase (three words each, docs/formulas.md "Voice consent check"): at 1e-30 a
 * statement read by espeak-ng was heard in 20 to 27 of 61 phrases and other speech in at most 2, none of them its own.
 */
export const KEYPHRASE_THRESHOLD = "1e-30";

const DICTIONARY = path.join(POCKETSPHINX_MODEL_DIR, "cmudict-en-us.dict");

/** PocketSphinx when its binary and English model are installed, else null (the check then says "not checked"). */
export function createPocketsphinxSpotter(options: { bin: string; timeoutMs: number }): KeyphraseSpotter | null {
  if (!pocketsphinxInstalled(options.bin)) return null;
  let words: Promise<Set<string>> | null = null;
  // 135,000 words, read once on first use (about 30 ms); pronunciation variants are written "word(2)".
  const dictionary = () =>
    (words ??= fs.readFile(DICTIONARY, "utf8").then((text) => new Set(text.split("\n").map((line) => line.slice(0, line.indexOf(" ")).replace(/\(\d+\)$/, "")))));
  return {
    name: "PocketSphinx keyphrase search, offline, English",
    knows: async (word) => (await dictionary()).has(word),
    async spot(pcm16k, phrases) {
      if (phrases.length === 0) return new Set();
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), TEMP_PREFIX));
      try {
        const wav = path.join(dir, "audio.wav");
        const list = path.join(dir, "phrases.kws");
        await fs.writeFile(wav, encodeWav(pcm16k, 16_000));
        await fs.writeFile(list, phrases.map((phrase) => `${phrase} /${KEYPHRASE_THRESHOLD}/`).join("\n") + "\n");
        const output = await runPocketsphinx(options.bin, ["-infile", wav, "-kws", list, "-time", "yes", "-logfn", "/dev/null"], options.timeoutMs);
        return heardPhrases(output, phrases);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * With `-time yes` every detection is a line "phrase start end score" (after each utterance's summary line of all of
 * them), so a phrase counts as heard when a line starts with it followed by its timing.
 */
export function heardPhrases(output: string, phrases: string[]): Set<string> {
  const heard = new Set<string>();
  const known = new Set(phrases);
  for (const line of output.split("\n")) {
    const match = /^(.+?)\s+\d+\.\d+\s+\d+\.\d+\s+[\d.e+-]+\s*$/.exec(line.trim());
    if (match && known.has(match[1]!.trim())) heard.add(match[1]!.trim());
  }
  return heard;
}
