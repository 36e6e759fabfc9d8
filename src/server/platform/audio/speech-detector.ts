import { activeSeconds, countSyllables } from "../../../contract/speaking-rate";
import { GATE_DB, HOP_SECONDS, percentile, pitchStats, VoiceFrames } from "./voice-frames";

/**
 * Does a recording hold a person speaking? Judged window by window (4 s each), from three things speech has and a
 * tone, a hum, silence or most music lack together (docs/formulas.md, "Session Quality"):
 * - voiced frames: a clear pitch for at least a tenth of the speaking time;
 * - a pitch in the range of human speech, 60–400 Hz, that moves: a spread of at least half a semitone (a beep has
 *   none), and gliding from frame to frame (a voice's pitch is never still for long, while an instrument holds each
 *   note: in under 60 % of neighbouring voiced frames may it change by less than 0.05 semitones);
 * - syllable-rate modulation: loudness that rises and falls 1–10 times a second of speaking time (syllables), the
 *   voice engine's own count (speaking-rate.ts).
 * Only four numbers per 16 ms frame of the current window are kept, so an hour-long recording needs no more memory
 * than a short one. Judging costs about 0.2 s of CPU per minute of audio, so past the first 10 minutes only every
 * fifth window is judged (and stands for five): a four-hour upload is then read in a fifth of the time.
 */
const WINDOW_FRAMES = 250; // 4 s of 16 ms hops
const WINDOW_SECONDS = 4;
const JUDGE_EVERY_WINDOW_UNTIL = 150; // windows: 10 minutes
const SAMPLE_EVERY = 5;
/** A last window shorter than this (1 s) is too short to judge and is left out. */
const MIN_WINDOW_FRAMES = 62;
/** Windows whose loud frames stay under −50 dBFS are silence. */
const SILENT_RMS = 10 ** (-50 / 20);
const MIN_VOICED_SHARE = 0.1;
const MIN_SPEECH_F0 = 60;
const MAX_SPEECH_F0 = 400;
const MIN_SPREAD_SEMITONES = 0.5;
const HELD_SEMITONES = 0.05;
const MAX_HELD_SHARE = 0.6;
const MIN_SYLLABLE_RATE = 1;
const MAX_SYLLABLE_RATE = 10;

export type WindowVerdict = "silent" | "speech" | "not speech";

export interface SpeechVerdict {
  /** True when at least one window is speech and speech makes up at least half of the windows that are not silent. */
  hasSpeech: boolean;
  /** Seconds in windows judged speech (estimated from a sample of windows past 10 minutes). */
  speechSeconds: number;
  /** Seconds in windows with sound that is not speech. */
  otherSeconds: number;
}

export class SpeechDetector {
  private readonly frames = new VoiceFrames((reading) => {
    this.levels.push(reading.rms);
    this.pitches.push(reading.pitch);
    this.periodic.push(reading.periodic);
    if (this.levels.length === WINDOW_FRAMES) this.closeWindow();
  });
  private levels: number[] = [];
  private pitches: number[] = [];
  private periodic: boolean[] = [];
  private speechFrames = 0;
  private otherFrames = 0;
  private inputSeconds = 0;
  private weight = 1;

  add(samples: Float32Array, sampleRate: number): void {
    const window = Math.floor(this.inputSeconds / WINDOW_SECONDS);
    this.inputSeconds += samples.length / sampleRate;
    if (window < JUDGE_EVERY_WINDOW_UNTIL) return this.frames.add(samples, sampleRate);
    this.weight = SAMPLE_EVERY;
    if (window % SAMPLE_EVERY === 0) this.frames.add(samples, sampleRate);
  }

  private closeWindow(): void {
    if (this.levels.length >= MIN_WINDOW_FRAMES) {
      const verdict = judgeWindow(this.levels, this.pitches, this.periodic);
      // A window judged once sampling began stands for the ones skipped after it.
      const frames = this.levels.length * this.weight;
      if (verdict === "speech") this.speechFrames += frames;
      else if (verdict === "not speech") this.otherFrames += frames;
    }
    this.levels = [];
    this.pitches = [];
    this.periodic = [];
  }

  finish(): SpeechVerdict {
    this.closeWindow();
    const speechSeconds = this.speechFrames * HOP_SECONDS;
    const otherSeconds = this.otherFrames * HOP_SECONDS;
    return { hasSpeech: this.speechFrames > 0 && this.speechFrames >= this.otherFrames, speechSeconds, otherSeconds };
  }
}

/** One window's verdict from its frames' RMS, clear pitch (0 for none) and loose periodicity. */
export function judgeWindow(levels: number[], pitches: number[], periodic: boolean[]): WindowVerdict {
  const loud = percentile(levels, 0.95);
  if (loud < SILENT_RMS) return "silent";
  const gate = loud * 10 ** (-GATE_DB / 20);
  const active = levels.map((level) => level >= gate);
  const frames = {
    levelDb: levels.map((level) => 20 * Math.log10(level + 1e-9)),
    voiced: periodic.map((p, i) => p && active[i]!),
    active,
    hopSeconds: HOP_SECONDS,
  };
  const speaking = activeSeconds(frames);
  const f0s = pitches.filter((pitch, i) => pitch > 0 && active[i]);
  if (speaking === 0 || (f0s.length * HOP_SECONDS) / speaking < MIN_VOICED_SHARE) return "not speech";
  const pitch = pitchStats(f0s)!;
  if (pitch.median < MIN_SPEECH_F0 || pitch.median > MAX_SPEECH_F0 || pitch.spreadSemitones < MIN_SPREAD_SEMITONES) return "not speech";
  if (heldShare(pitches, active) >= MAX_HELD_SHARE) return "not speech";
  const syllables = countSyllables(frames);
  const rate = syllables / speaking;
  return syllables >= 2 && rate >= MIN_SYLLABLE_RATE && rate <= MAX_SYLLABLE_RATE ? "speech" : "not speech";
}

/** Of neighbouring voiced frames, the share whose pitch changed by less than 0.05 semitones. */
function heldShare(pitches: number[], active: boolean[]): number {
  let pairs = 0;
  let held = 0;
  for (let i = 1; i < pitches.length; i++) {
    const a = pitches[i - 1]!;
    const b = pitches[i]!;
    if (a === 0 || b === 0 || !active[i] || !active[i - 1]) continue;
    pairs++;
    if (Math.abs(12 * Math.log2(b / a)) < HELD_SEMITONES) held++;
  }
  return pairs === 0 ? 1 : held / pairs;
}
