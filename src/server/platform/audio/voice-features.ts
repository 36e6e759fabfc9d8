import Meyda from "meyda";
import type { Storage } from "../storage/storage";
import { FRAME, GATE_DB, HOP_SECONDS, percentile, pitchStats, RATE, VoiceFrames, type FrameReading } from "./voice-frames";
import { activeSeconds, countSyllables } from "../../../contract/speaking-rate";
import { WebmOpusAnalyzer } from "./webm-opus";

export { voiceSimilarity } from "./voice-similarity";

/** What the local voice engine is fitted to, and how a voice is compared with another (docs/formulas.md). */
export interface VoiceFeatures {
  /** Median fundamental frequency over voiced frames. */
  medianF0Hz: number | null;
  /** Standard deviation of F0 in semitones over voiced frames: the intonation range. */
  f0SpreadSemitones: number | null;
  /** Voiced-segment onsets per second of speech-active time: a speaking-rate estimate. */
  syllablesPerSecond: number | null;
  /** Mean of MFCC 1..12 (c0, the loudness, left out) over voiced frames: a rough timbre fingerprint. */
  mfccMeans: number[];
  /** Standard deviation of MFCC 1..12 over the same frames: how far the timbre moves around its mean (speaker similarity). */
  mfccStds?: number[];
  voicedSeconds: number;
  analysedSeconds: number;
}

/** MFCCs are taken from frames scaled to this RMS: meyda's log(1 + band) would otherwise make them depend on level. */
const MFCC_RMS = 0.1;
const MFCC_COUNT = 12;

/**
 * Streaming voice measurement: audio at any rate goes in piece by piece, is resampled to 16 kHz and cut into 32 ms
 * frames every 16 ms. Only a few numbers per frame are kept (at most ~150 bytes per 16 ms, about 2 MB for the
 * 180 s a training reads), never the audio.
 */
export class VoiceFeatureMeter {
  private readonly frames = new VoiceFrames((reading) => this.keep(reading));
  private readonly scaled = new Float32Array(FRAME);
  private readonly levels: number[] = [];
  private readonly pitches: number[] = []; // 0 where the frame has no clear pitch in range
  private readonly periodic: boolean[] = [];
  private readonly mfccs: number[][] = []; // one row per frame with a pitch, in order

  add(samples: Float32Array, sampleRate: number): void {
    this.frames.add(samples, sampleRate);
  }

  private keep(reading: FrameReading): void {
    this.levels.push(reading.rms);
    this.pitches.push(reading.pitch);
    this.periodic.push(reading.periodic);
    if (reading.pitch > 0) this.mfccs.push(this.mfccOf(reading.samples, reading.rms));
  }

  private mfccOf(frame: Float32Array, rms: number): number[] {
    const gain = MFCC_RMS / rms;
    for (let i = 0; i < FRAME; i++) this.scaled[i] = frame[i]! * gain;
    // Meyda keeps its settings on one shared object; set them on every call so nothing else can have changed them.
    Meyda.sampleRate = RATE;
    Meyda.bufferSize = FRAME;
    Meyda.numberOfMFCCCoefficients = MFCC_COUNT + 1;
    const mfcc = Meyda.extract("mfcc", this.scaled) as unknown as number[] | null;
    return (mfcc ?? []).slice(1, MFCC_COUNT + 1);
  }

  finish(): VoiceFeatures {
    const analysedSeconds = this.frames.samples / RATE;
    const loud = percentile(this.levels, 0.95);
    const gate = Math.max(loud * 10 ** (-GATE_DB / 20), 1e-5);
    const active = this.levels.map((level) => level >= gate);
    const voiced = this.pitches.map((pitch, i) => pitch > 0 && active[i]!);
    const f0s = this.pitches.filter((_, i) => voiced[i]);
    const pitch = pitchStats(f0s);
    const medianF0Hz = pitch?.median ?? null;
    const f0SpreadSemitones = pitch?.spreadSemitones ?? null;
    const hopSeconds = HOP_SECONDS;
    const levelDb = this.levels.map((level) => 20 * Math.log10(level + 1e-9));
    const rateFrames = { levelDb, voiced: this.periodic.map((periodic, i) => periodic && active[i]!), active, hopSeconds };
    const speaking = activeSeconds(rateFrames);
    const syllables = countSyllables(rateFrames);
    // Under half a second of speech says nothing reliable about a rate.
    const syllablesPerSecond = speaking >= 0.5 && syllables > 0 ? syllables / speaking : null;
    const { means: mfccMeans, stds: mfccStds } = this.voicedMfccStats(voiced);
    return { medianF0Hz, f0SpreadSemitones, syllablesPerSecond, mfccMeans, mfccStds, voicedSeconds: f0s.length * hopSeconds, analysedSeconds };
  }

  private voicedMfccStats(voiced: boolean[]): { means: number[]; stds: number[] } {
    const sums = new Array<number>(MFCC_COUNT).fill(0);
    const squares = new Array<number>(MFCC_COUNT).fill(0);
    let count = 0;
    let row = 0;
    for (let i = 0; i < this.pitches.length; i++) {
      if (this.pitches[i] === 0) continue;
      const mfcc = this.mfccs[row++];
      if (!voiced[i] || !mfcc || mfcc.length !== MFCC_COUNT) continue;
      for (let k = 0; k < MFCC_COUNT; k++) {
        sums[k]! += mfcc[k]!;
        squares[k]! += mfcc[k]! ** 2;
      }
      count++;
    }
    if (count === 0) return { means: [], stds: [] };
    const means = sums.map((sum) => sum / count);
    return { means, stds: squares.map((square, k) => Math.sqrt(Math.max(0, square / count - means[k]! ** 2))) };
  }
}

/**
 * Measures the owner's recordings as one voice: each file is decoded and fed to a single meter, up to `maxSeconds`
 * of audio in all. A file that cannot be read or decoded is skipped (the audio decoded before the damage is real and
 * stays), so one bad upload does not stop the training; with nothing measurable at all it throws.
 */
export async function measureRecordings(storage: Storage, keys: string[], maxSeconds = 180): Promise<VoiceFeatures> {
  const meter = new VoiceFeatureMeter();
  let fed = 0;
  const budget = () => maxSeconds - fed;
  for (const key of keys) {
    if (budget() <= 0) break;
    const analyzer = new WebmOpusAnalyzer({
      onSamples: (samples, sampleRate) => {
        const take = Math.min(samples.length, Math.max(0, Math.floor(budget() * sampleRate)));
        if (take === 0) return;
        meter.add(take < samples.length ? samples.subarray(0, take) : samples, sampleRate);
        fed += take / sampleRate;
      },
    });
    try {
      const stored = await storage.read(key);
      if (!stored) continue;
      for await (const chunk of stored.stream) {
        await analyzer.push(chunk as Buffer);
        if (budget() <= 0) break; // leaving the loop closes the file
      }
    } catch {
      // Damaged or unreadable: skipped, see above.
    } finally {
      try {
        analyzer.finish(); // frees the Opus decoder; its verdict on a file read only in part does not matter here
      } catch {
        // The verdict (for example "truncated" after stopping early) is not needed.
      }
    }
  }
  if (fed === 0) throw new Error("None of the recordings could be decoded, so there is nothing to measure the voice from.");
  return meter.finish();
}
