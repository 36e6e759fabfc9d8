import Meyda from "meyda";
import { PitchDetector } from "pitchy";
import type { Storage } from "../storage/storage";
import { StreamingResampler } from "./resampler";
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
  voicedSeconds: number;
  analysedSeconds: number;
}

const RATE = 16_000;
// 32 ms: just two periods of a 60 Hz voice, which pitch detection needs, and short enough that a gliding pitch stays
// clear within one frame (64 ms frames lost half the voiced frames of synthetic speech); a power of two for the FFT.
const FRAME = 512;
const HOP = 256; // 16 ms: fine enough to see the dips between syllables
const MIN_CLARITY = 0.9;
const MIN_F0 = 60;
const MAX_F0 = 500;
// Short, fast vowels rarely reach a clarity of 0.9 (a frame straddles the consonant next to them), yet they are still
// syllables; the rate counts them with this looser test, while F0 and MFCCs keep the strict one.
const NUCLEUS_CLARITY = 0.6;
/** Frames quieter than this below the loud frames (95th percentile) are background, not the speaker. */
const GATE_DB = 25;
/** MFCCs are taken from frames scaled to this RMS: meyda's log(1 + band) would otherwise make them depend on level. */
const MFCC_RMS = 0.1;
const MFCC_COUNT = 12;

/**
 * Streaming voice measurement: audio at any rate goes in piece by piece, is resampled to 16 kHz and cut into 32 ms
 * frames every 16 ms. Only a few numbers per frame are kept (at most ~150 bytes per 16 ms, about 2 MB for the
 * 180 s a training reads), never the audio.
 */
export class VoiceFeatureMeter {
  private readonly resampler = new StreamingResampler(RATE);
  private readonly detector = PitchDetector.forFloat32Array(FRAME);
  private readonly frame = new Float32Array(FRAME);
  private readonly scaled = new Float32Array(FRAME);
  private filled = 0;
  private samples = 0;
  private readonly levels: number[] = [];
  private readonly pitches: number[] = []; // 0 where the frame has no clear pitch in range
  private readonly periodic: boolean[] = []; // a looser pitch test, for finding syllables (speaking-rate.ts)
  private readonly mfccs: number[][] = []; // one row per frame with a pitch, in order

  add(samples: Float32Array, sampleRate: number): void {
    this.resampler.push(samples, sampleRate, (sample) => {
      this.frame[this.filled++] = sample;
      this.samples++;
      if (this.filled === FRAME) {
        this.analyseFrame();
        this.frame.copyWithin(0, HOP);
        this.filled = FRAME - HOP;
      }
    });
  }

  private analyseFrame(): void {
    let energy = 0;
    for (let i = 0; i < FRAME; i++) energy += this.frame[i]! ** 2;
    const rms = Math.sqrt(energy / FRAME);
    this.levels.push(rms);
    const [pitch, clarity] = this.detector.findPitch(this.frame, RATE);
    const pitched = clarity >= MIN_CLARITY && pitch >= MIN_F0 && pitch <= MAX_F0 && rms > 0;
    this.pitches.push(pitched ? pitch : 0);
    this.periodic.push(clarity >= NUCLEUS_CLARITY && pitch >= MIN_F0 && pitch <= MAX_F0);
    if (pitched) this.mfccs.push(this.mfccOf(rms));
  }

  private mfccOf(rms: number): number[] {
    const gain = MFCC_RMS / rms;
    for (let i = 0; i < FRAME; i++) this.scaled[i] = this.frame[i]! * gain;
    // Meyda keeps its settings on one shared object; set them on every call so nothing else can have changed them.
    Meyda.sampleRate = RATE;
    Meyda.bufferSize = FRAME;
    Meyda.numberOfMFCCCoefficients = MFCC_COUNT + 1;
    const mfcc = Meyda.extract("mfcc", this.scaled) as unknown as number[] | null;
    return (mfcc ?? []).slice(1, MFCC_COUNT + 1);
  }

  finish(): VoiceFeatures {
    const analysedSeconds = this.samples / RATE;
    const loud = percentile(this.levels, 0.95);
    const gate = Math.max(loud * 10 ** (-GATE_DB / 20), 1e-5);
    const active = this.levels.map((level) => level >= gate);
    const voiced = this.pitches.map((pitch, i) => pitch > 0 && active[i]!);
    const f0s = this.pitches.filter((_, i) => voiced[i]);
    const medianF0Hz = f0s.length > 0 ? percentile(f0s, 0.5) : null;
    let f0SpreadSemitones: number | null = null;
    if (medianF0Hz !== null) {
      const semitones = f0s.map((f0) => 12 * Math.log2(f0 / medianF0Hz));
      const mean = semitones.reduce((a, b) => a + b, 0) / semitones.length;
      f0SpreadSemitones = Math.sqrt(semitones.reduce((a, b) => a + (b - mean) ** 2, 0) / semitones.length);
    }
    const hopSeconds = HOP / RATE;
    const levelDb = this.levels.map((level) => 20 * Math.log10(level + 1e-9));
    const rateFrames = { levelDb, voiced: this.periodic.map((periodic, i) => periodic && active[i]!), active, hopSeconds };
    const speaking = activeSeconds(rateFrames);
    const syllables = countSyllables(rateFrames);
    // Under half a second of speech says nothing reliable about a rate.
    const syllablesPerSecond = speaking >= 0.5 && syllables > 0 ? syllables / speaking : null;
    return { medianF0Hz, f0SpreadSemitones, syllablesPerSecond, mfccMeans: this.voicedMfccMeans(voiced), voicedSeconds: f0s.length * hopSeconds, analysedSeconds };
  }

  private voicedMfccMeans(voiced: boolean[]): number[] {
    const sums = new Array<number>(MFCC_COUNT).fill(0);
    let count = 0;
    let row = 0;
    for (let i = 0; i < this.pitches.length; i++) {
      if (this.pitches[i] === 0) continue;
      const mfcc = this.mfccs[row++];
      if (!voiced[i] || !mfcc || mfcc.length !== MFCC_COUNT) continue;
      for (let k = 0; k < MFCC_COUNT; k++) sums[k]! += mfcc[k]!;
      count++;
    }
    return count === 0 ? [] : sums.map((sum) => sum / count);
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
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
