import { VoiceFeatureMeter, voiceSimilarity, type VoiceFeatures } from "../../platform/audio/voice-features";
import { synthesizeRaw } from "./espeak-worker";
import { encodeWav } from "./wav";

/**
 * The offline voice engine: espeak-ng (formant synthesis, compiled to WebAssembly) with its voice, pitch, intonation
 * range and speed fitted to the owner's measured voice. It approximates how a person's voice sits (how high, how
 * lively, how fast), it does not clone its sound; the similarity it reports is measured, never assumed.
 */

/** An espeak voice ("en-us", or with a variant, "en-us+f3"), pitch 0..99, range 0..99, rate in words per minute 80..450. */
export interface LocalVoiceSettings {
  voice: string;
  pitch: number;
  range: number;
  rate: number;
}

export interface SynthesizedSpeech {
  /** 16-bit PCM mono WAV. */
  wav: Uint8Array;
  samples: Float32Array;
  sampleRate: number;
}

const VOICE_NAME = /^[a-z]{2,3}(-[a-z0-9]{2,8})*(\+[a-z0-9]{1,16})?$/i;

export async function synthesizeSpeech(text: string, settings: LocalVoiceSettings): Promise<SynthesizedSpeech> {
  if (text.trim() === "") throw new Error("There is no text to speak.");
  const { samples: pcm, sampleRate } = await synthesizeRaw(text, checkSettings(settings));
  const samples = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) samples[i] = pcm[i]! / 32768;
  return { wav: encodeWav(pcm, sampleRate), samples, sampleRate };
}

// espeak accepts anything and silently ignores what it does not know, so settings are checked here.
function checkSettings(settings: LocalVoiceSettings): LocalVoiceSettings {
  if (!VOICE_NAME.test(settings.voice)) throw new Error(`Not an espeak voice name: ${settings.voice}`);
  for (const key of ["pitch", "range", "rate"] as const) {
    if (!Number.isFinite(settings[key])) throw new Error(`The voice ${key} must be a number.`);
  }
  return {
    voice: settings.voice,
    pitch: clamp(Math.round(settings.pitch), 0, 99),
    range: clamp(Math.round(settings.range), 0, 99),
    rate: clamp(Math.round(settings.rate), 80, 450),
  };
}

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

/** What every candidate voice reads while it is measured: ordinary narrative English, about ten seconds. */
const CALIBRATION_PASSAGE =
  "When I was young, we spent every summer at my grandmother's house by the lake. " +
  "She taught me to fish, to bake bread, and to listen more than I talk. " +
  "I still think about those mornings on the water.";

/** The two voices tried first: espeak's default male voice and a female variant. The pitch setting moves within each. */
const VOICES = ["en-us", "en-us+f3"];
const CORRECTION_ROUNDS = 3; // 2 voices + 3 probes + 3 rounds = 8 syntheses, about a second and a half

export interface FittedVoice {
  settings: LocalVoiceSettings;
  similarity: number;
  /** The features measured from the chosen settings reading the calibration passage. */
  sample: VoiceFeatures;
}

/**
 * Fits the engine to the owner by measurement: every candidate reads the calibration passage and is measured with
 * the same meter as the owner's recordings. The voice whose F0 at the middle pitch lies nearer the owner's is kept;
 * one probe each then measures how F0 (in semitones) answers the pitch setting, the F0 spread the range setting, and
 * the syllable rate the speed; a few correction rounds move all three towards the owner's values along those measured
 * slopes. The candidate with the highest similarity wins (the same settings measure slightly differently from run to
 * run, so a later round is not always better).
 */
export async function fitLocalVoice(owner: VoiceFeatures): Promise<FittedVoice> {
  const targetF0 = owner.medianF0Hz;
  if (targetF0 === null || owner.f0SpreadSemitones === null) {
    throw new Error("No voiced speech was found in the recordings to fit a voice to.");
  }
  const semitones = (f0: number) => 12 * Math.log2(f0 / targetF0); // distance from the owner, in semitones
  const candidates: FittedVoice[] = [];
  const tryOut = async (settings: LocalVoiceSettings) => {
    const sample = await measure(settings);
    const fitted = { settings, sample, similarity: voiceSimilarity(owner, sample) };
    candidates.push(fitted);
    return fitted;
  };

  const starts = [];
  for (const voice of VOICES) starts.push(await tryOut({ voice, pitch: 50, range: 50, rate: 175 }));
  const gap = (c: FittedVoice) => (c.sample.medianF0Hz === null ? Infinity : Math.abs(semitones(c.sample.medianF0Hz)));
  let current = starts.reduce((best, c) => (gap(c) < gap(best) ? c : best));
  if (current.sample.medianF0Hz === null) throw new Error("The speech engine produced no measurable voice.");
  const base = current;

  // One probe per setting, on the side where the owner lies, measures how strongly it moves its feature.
  const pitchProbe = await tryOut({ ...base.settings, pitch: semitones(base.sample.medianF0Hz!) < 0 ? 15 : 85 });
  const pitchSlope = slope(base.settings.pitch, pitchProbe.settings.pitch, f0Semitones(base), f0Semitones(pitchProbe));
  const rangeProbe = await tryOut({ ...base.settings, range: (base.sample.f0SpreadSemitones ?? 0) > owner.f0SpreadSemitones ? 15 : 85 });
  const rangeSlope = slope(base.settings.range, rangeProbe.settings.range, base.sample.f0SpreadSemitones, rangeProbe.sample.f0SpreadSemitones);
  let rateElasticity: number | null = null; // d log(syllable rate) / d log(words per minute)
  if (owner.syllablesPerSecond !== null && base.sample.syllablesPerSecond !== null) {
    const rateProbe = await tryOut({ ...base.settings, rate: owner.syllablesPerSecond > base.sample.syllablesPerSecond ? 280 : 110 });
    rateElasticity = slope(Math.log(base.settings.rate), Math.log(rateProbe.settings.rate), logOf(base.sample.syllablesPerSecond), logOf(rateProbe.sample.syllablesPerSecond));
  }

  for (let round = 0; round < CORRECTION_ROUNDS; round++) {
    const { settings, sample } = current;
    const next = { ...settings };
    if (pitchSlope !== null && sample.medianF0Hz !== null) next.pitch = settings.pitch - semitones(sample.medianF0Hz) / pitchSlope;
    if (rangeSlope !== null && sample.f0SpreadSemitones !== null) next.range = settings.range + (owner.f0SpreadSemitones - sample.f0SpreadSemitones) / rangeSlope;
    if (rateElasticity !== null && owner.syllablesPerSecond !== null && sample.syllablesPerSecond !== null) {
      next.rate = settings.rate * Math.exp(Math.log(owner.syllablesPerSecond / sample.syllablesPerSecond) / rateElasticity);
    }
    const checked = checkSettings(next);
    if (sameSettings(checked, settings)) break; // converged: nothing left to move
    current = await tryOut(checked);
  }

  // Only candidates with the chosen voice compete: the other start was measured only to choose between voices.
  return candidates.filter((c) => c.settings.voice === base.settings.voice).reduce((best, c) => (c.similarity > best.similarity ? c : best));
}

async function measure(settings: LocalVoiceSettings): Promise<VoiceFeatures> {
  const speech = await synthesizeSpeech(CALIBRATION_PASSAGE, settings);
  const meter = new VoiceFeatureMeter();
  meter.add(speech.samples, speech.sampleRate);
  return meter.finish();
}

const f0Semitones = (c: FittedVoice) => (c.sample.medianF0Hz === null ? null : 12 * Math.log2(c.sample.medianF0Hz));
const logOf = (n: number | null) => (n === null || n <= 0 ? null : Math.log(n));

/** Change of the feature per unit of the setting; null when unmeasured or too flat (or backwards) to steer by. */
function slope(x1: number, x2: number, y1: number | null, y2: number | null): number | null {
  if (y1 === null || y2 === null || x1 === x2) return null;
  const s = (y2 - y1) / (x2 - x1);
  return s > 1e-3 ? s : null;
}

function sameSettings(a: LocalVoiceSettings, b: LocalVoiceSettings): boolean {
  return a.voice === b.voice && a.pitch === b.pitch && a.range === b.range && a.rate === b.rate;
}
