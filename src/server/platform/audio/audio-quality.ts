import { NO_SPEECH_LABEL, type SessionQualityLabel } from "../../../contract/voice-options";

/** What "Session Quality" says and why; measured from the decoded recording (docs/formulas.md). */
export interface SessionQuality {
  label: SessionQualityLabel;
  reason: string;
}

export interface LevelStats {
  durationSeconds: number;
  /** Speech level: the 90th percentile of 20 ms frame loudness, dBFS. */
  levelDbfs: number;
  /** Background: the 10th percentile of 20 ms frame loudness, dBFS. */
  noiseFloorDbfs: number;
  /** Share of samples at or beyond full scale. */
  clippedRatio: number;
  /** Whether a person is heard speaking (speech-detector.ts); `silent` when nothing louder than −50 dBFS was heard. */
  hasSpeech: boolean;
  silent: boolean;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * "No speech detected" when no one is heard speaking (it never counts toward training), else Poor, Fair, Good or
 * Excellent, with the first reason that decided it.
 */
export function rateQuality(stats: LevelStats): SessionQuality {
  const snr = stats.levelDbfs - stats.noiseFloorDbfs;
  const clipped = round1(stats.clippedRatio * 100);
  if (stats.durationSeconds < 3) return { label: "Poor", reason: `Only ${round1(stats.durationSeconds)} s: clips under 3 s cannot train a voice.` };
  if (stats.silent) return { label: NO_SPEECH_LABEL, reason: "Only silence was recorded: check that the right microphone is chosen and not muted. This recording does not count toward training." };
  if (!stats.hasSpeech) return { label: NO_SPEECH_LABEL, reason: "No voice was heard: this sounds like a tone, music or noise rather than someone speaking. It does not count toward training." };
  if (stats.levelDbfs < -45) return { label: "Poor", reason: `Very quiet (speech at ${round1(stats.levelDbfs)} dBFS): move closer to the microphone.` };
  if (stats.clippedRatio > 0.01) return { label: "Poor", reason: `Distorted: ${clipped} % of the audio is clipped. Speak a little further from the microphone.` };
  if (snr < 10) return { label: "Poor", reason: `Background noise almost as loud as your voice (${round1(snr)} dB apart).` };
  if (stats.levelDbfs < -35) return { label: "Fair", reason: `Quiet (speech at ${round1(stats.levelDbfs)} dBFS).` };
  if (stats.clippedRatio > 0.001) return { label: "Fair", reason: `Some clipping (${clipped} % of the audio).` };
  if (snr < 20) return { label: "Fair", reason: `Noticeable background noise (${round1(snr)} dB below your voice).` };
  if (snr < 30) return { label: "Good", reason: `Clear voice, light background noise (${round1(snr)} dB below your voice).` };
  return { label: "Excellent", reason: `Clear voice over a quiet background (${round1(snr)} dB below your voice), no clipping.` };
}

/** Accumulates loudness per 20 ms frame in a fixed histogram, so a long recording needs no more memory than a short one. */
export class LevelMeter {
  private readonly frameSize: number;
  private frameSum = 0;
  private frameCount = 0;
  private readonly histogram = new Uint32Array(1201); // 0.1 dB bins from -120 to 0 dBFS
  private frames = 0;
  samples = 0;
  clipped = 0;

  constructor(sampleRate: number) {
    this.frameSize = Math.round(sampleRate * 0.02);
  }

  add(samples: Float32Array): void {
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]!;
      if (Math.abs(s) >= 0.999) this.clipped++;
      this.frameSum += s * s;
      if (++this.frameCount === this.frameSize) this.closeFrame();
    }
    this.samples += samples.length;
  }

  private closeFrame(): void {
    const rms = Math.sqrt(this.frameSum / this.frameCount);
    const db = rms > 0 ? Math.max(-120, 20 * Math.log10(rms)) : -120;
    this.histogram[Math.min(1200, Math.round((db + 120) * 10))]!++;
    this.frames++;
    this.frameSum = 0;
    this.frameCount = 0;
  }

  percentile(p: number): number {
    if (this.frames === 0) return -120;
    const target = Math.ceil((p / 100) * this.frames);
    let seen = 0;
    for (let bin = 0; bin < this.histogram.length; bin++) {
      seen += this.histogram[bin]!;
      if (seen >= target) return bin / 10 - 120;
    }
    return 0;
  }
}
