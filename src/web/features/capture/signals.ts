import { PitchDetector } from "pitchy";
import type { CaptureSignals } from "../../../contract/capture";
import { activeSeconds, countSyllables } from "../../../contract/speaking-rate";

/**
 * The voice signals of a capture session, measured in the browser from the microphone while the person speaks
 * (docs/formulas.md, "Capture signals"). Only a few numbers per frame are kept, never the audio. Every figure is null
 * when the signal behind it is absent: silence has no pitch, a few words have no speaking rate.
 */

/** Samples per analysed frame: 43 ms at 48 kHz, two periods of a 60 Hz voice. */
export const FRAME_SIZE = 2048;
/** How often a frame is taken while recording. */
export const HOP_SECONDS = 0.032;

const MIN_CLARITY = 0.9; // pitch is reported only when this sure
const NUCLEUS_CLARITY = 0.6; // a looser test, for finding syllables (as the server's voice engine does)
const MIN_F0 = 60;
const MAX_F0 = 500;
const FLOOR_DB = -120;
/** A frame is speech when it is within 25 dB of the loud frames (95th percentile) and above −55 dBFS. */
const GATE_DB = 25;
const ABSOLUTE_GATE_DBFS = -55;
/** A silence between two stretches of speech counts as a pause from this long. */
export const PAUSE_SECONDS = 0.5;
/** Figures need this much: speech for the rate, a span of speech for the pause share, speech for the load. */
const MIN_RATE_SPEECH_SECONDS = 1;
const MIN_PAUSE_SPAN_SECONDS = 2;
const MIN_LOAD_SPEECH_SECONDS = 5;
const MIN_PITCH_FRAMES = 10;

export interface Frame {
  /** When the frame was taken, in seconds from the start. */
  t: number;
  levelDb: number;
  /** The frame's pitch and how sure the detector is (0–1); pitch 0 when there is none in range. */
  pitchHz: number;
  clarity: number;
}

/** Measures one frame of samples (−1…1). */
export function createFrameMeter(size = FRAME_SIZE) {
  const detector = PitchDetector.forFloat32Array(size);
  return (samples: Float32Array, sampleRate: number, t: number): Frame => {
    let sum = 0;
    for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
    const rms = Math.sqrt(sum / samples.length);
    const levelDb = rms > 0 ? Math.max(FLOOR_DB, 20 * Math.log10(rms)) : FLOOR_DB;
    const [pitch, clarity] = levelDb > ABSOLUTE_GATE_DBFS ? detector.findPitch(samples, sampleRate) : [0, 0];
    const inRange = pitch >= MIN_F0 && pitch <= MAX_F0;
    return { t, levelDb, pitchHz: inRange ? pitch : 0, clarity: inRange ? clarity : 0 };
  };
}

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const clamp01 = (n: number) => Math.max(0, Math.min(1, n));

/**
 * The cognitive-load estimate, 0–10: more of the time in pauses and a slower rate read as more effort. 10 × (0.6 × p
 * + 0.4 × r), with p = (pause share − 0.10) ÷ 0.40 and r = (5.5 − syllables per second) ÷ 3, each held to 0–1: fluent
 * speech (a tenth of the time in pauses, 5.5 syllables a second) reads 0, halting speech (half the time in pauses,
 * 2.5 a second) reads 10.
 */
export const cognitiveLoad = (pauseShare: number, syllablesPerSecond: number) =>
  round(10 * (0.6 * clamp01((pauseShare - 0.1) / 0.4) + 0.4 * clamp01((5.5 - syllablesPerSecond) / 3)), 1);

/** The signals of a run of frames (a whole session, or the last seconds of one for the live view). */
export function summarise(frames: readonly Frame[], hopSeconds = HOP_SECONDS): CaptureSignals {
  const analysedSeconds = round(frames.length * hopSeconds, 2);
  const empty: CaptureSignals = {
    analysedSeconds,
    speechSeconds: 0,
    loudnessDbfs: null,
    pitchHz: null,
    pitchVariationSemitones: null,
    syllablesPerSecond: null,
    pauses: 0,
    meanPauseSeconds: null,
    pauseShare: null,
    cognitiveLoad: null,
  };
  if (frames.length === 0) return empty;
  const levels = frames.map((f) => f.levelDb);
  const gate = Math.max(percentile(levels, 0.95) - GATE_DB, ABSOLUTE_GATE_DBFS);
  const active = frames.map((f) => f.levelDb >= gate);
  const speechFrames = active.filter(Boolean).length;
  if (speechFrames === 0) return empty;
  const speechSeconds = speechFrames * hopSeconds;

  const pitches = frames.filter((f, i) => active[i] && f.clarity >= MIN_CLARITY && f.pitchHz > 0).map((f) => f.pitchHz);
  const pitchHz = pitches.length >= MIN_PITCH_FRAMES ? median(pitches) : null;
  let pitchVariationSemitones: number | null = null;
  if (pitchHz) {
    const semitones = pitches.map((p) => 12 * Math.log2(p / pitchHz));
    const mean = semitones.reduce((a, b) => a + b, 0) / semitones.length;
    pitchVariationSemitones = round(Math.sqrt(semitones.reduce((a, s) => a + (s - mean) ** 2, 0) / semitones.length), 2);
  }

  // Per second of speaking time as the voice engine counts it (gaps under 0.3 s belong to the speech around them).
  const rateFrames = { levelDb: levels, voiced: frames.map((f) => f.clarity >= NUCLEUS_CLARITY && f.pitchHz > 0), active, hopSeconds };
  const speaking = activeSeconds(rateFrames);
  const syllablesPerSecond = speechSeconds >= MIN_RATE_SPEECH_SECONDS && speaking > 0 ? round(countSyllables(rateFrames) / speaking, 2) : null;

  // Pauses: silences of PAUSE_SECONDS or more with speech on both sides (not the quiet before the first word).
  const first = active.indexOf(true);
  const last = active.lastIndexOf(true);
  const pauses: number[] = [];
  for (let i = first, run = 0; i <= last; i++) {
    if (!active[i]) run++;
    else {
      if (run * hopSeconds >= PAUSE_SECONDS) pauses.push(run * hopSeconds);
      run = 0;
    }
  }
  const span = (last - first + 1) * hopSeconds;
  const pauseShare = span >= MIN_PAUSE_SPAN_SECONDS ? round(pauses.reduce((a, b) => a + b, 0) / span, 3) : null;

  return {
    analysedSeconds,
    speechSeconds: round(speechSeconds, 2),
    loudnessDbfs: round(median(frames.filter((_, i) => active[i]).map((f) => f.levelDb))!, 1),
    pitchHz: pitchHz === null ? null : round(pitchHz, 1),
    pitchVariationSemitones,
    syllablesPerSecond,
    pauses: pauses.length,
    meanPauseSeconds: pauses.length ? round(pauses.reduce((a, b) => a + b, 0) / pauses.length, 2) : null,
    pauseShare,
    cognitiveLoad: speechSeconds >= MIN_LOAD_SPEECH_SECONDS && pauseShare !== null && syllablesPerSecond !== null ? cognitiveLoad(pauseShare, syllablesPerSecond) : null,
  };
}

/** Cuts generated or recorded audio into frames every hop, as the live meter does (for tests and for replaying). */
export function framesOf(samples: Float32Array, sampleRate: number, hopSeconds = HOP_SECONDS, size = FRAME_SIZE): Frame[] {
  const meter = createFrameMeter(size);
  const hop = Math.round(hopSeconds * sampleRate);
  const frames: Frame[] = [];
  for (let start = 0; start + size <= samples.length; start += hop) frames.push(meter(samples.subarray(start, start + size), sampleRate, start / sampleRate));
  return frames;
}
