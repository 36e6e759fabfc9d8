import { PitchDetector } from "pitchy";
import { StreamingResampler } from "./resampler";

/**
 * The frame stage shared by the voice engine's measurement (voice-features.ts) and the speech check of every
 * recording (speech-detector.ts): audio at any rate is resampled to 16 kHz and cut into 32 ms frames every 16 ms,
 * each with its loudness and pitch (docs/formulas.md, "Voice clone similarity" and "Session Quality").
 */
export const RATE = 16_000;
// 32 ms: just two periods of a 60 Hz voice, which pitch detection needs, and short enough that a gliding pitch stays
// clear within one frame (64 ms frames lost half the voiced frames of synthetic speech); a power of two for the FFT.
export const FRAME = 512;
export const HOP = 256; // 16 ms: fine enough to see the dips between syllables
export const HOP_SECONDS = HOP / RATE;
const MIN_CLARITY = 0.9;
export const MIN_F0 = 60;
export const MAX_F0 = 500;
// Short, fast vowels rarely reach a clarity of 0.9 (a frame straddles the consonant next to them), yet they are still
// syllables; the rate counts them with this looser test, while F0 and MFCCs keep the strict one.
const NUCLEUS_CLARITY = 0.6;
/** Frames quieter than this below the loud frames (95th percentile) are background, not the speaker. */
export const GATE_DB = 25;

export interface FrameReading {
  rms: number;
  /** The frame's pitch in Hz when it is clear (clarity ≥ 0.9) and in 60–500 Hz, else 0. */
  pitch: number;
  /** A looser pitch test, for finding syllables (speaking-rate.ts). */
  periodic: boolean;
  /** The frame's 16 kHz samples: only valid during the call. */
  samples: Float32Array;
}

export class VoiceFrames {
  private readonly resampler = new StreamingResampler(RATE);
  private readonly detector = PitchDetector.forFloat32Array(FRAME);
  private readonly frame = new Float32Array(FRAME);
  private filled = 0;
  /** 16 kHz samples taken in so far. */
  samples = 0;

  constructor(private readonly onFrame: (reading: FrameReading) => void) {}

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
    const [pitch, clarity] = this.detector.findPitch(this.frame, RATE);
    const inRange = pitch >= MIN_F0 && pitch <= MAX_F0;
    this.onFrame({ rms, pitch: clarity >= MIN_CLARITY && inRange && rms > 0 ? pitch : 0, periodic: clarity >= NUCLEUS_CLARITY && inRange, samples: this.frame });
  }
}

/** The value at fraction `p` of the sorted values (0 for none). */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Median pitch and its spread in semitones (standard deviation of 12·log2(f0 / median)); null for no pitches. */
export function pitchStats(f0s: number[]): { median: number; spreadSemitones: number } | null {
  if (f0s.length === 0) return null;
  const median = percentile(f0s, 0.5);
  const semitones = f0s.map((f0) => 12 * Math.log2(f0 / median));
  const mean = semitones.reduce((a, b) => a + b, 0) / semitones.length;
  return { median, spreadSemitones: Math.sqrt(semitones.reduce((a, b) => a + (b - mean) ** 2, 0) / semitones.length) };
}
