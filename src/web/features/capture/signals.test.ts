import { describe, expect, it } from "vitest";
import { cognitiveLoad, framesOf, summarise } from "./signals";

// Every capture signal measured on generated audio whose answer is known (docs/formulas.md, "Capture signals").
const RATE = 48_000;

/** Speech-like audio: syllables of a voiced tone with harmonics, `syllablesPerSecond` of them, between silences. */
function speech(seconds: number, opts: { pitch?: number; glide?: number; syllablesPerSecond?: number; amplitude?: number } = {}): Float32Array {
  const { pitch = 150, glide = 0, syllablesPerSecond = 4, amplitude = 0.3 } = opts;
  const out = new Float32Array(Math.round(seconds * RATE));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    const f0 = pitch * 2 ** ((glide * Math.sin(2 * Math.PI * 0.8 * t)) / 12);
    phase += (2 * Math.PI * f0) / RATE;
    // Each syllable: a vowel that swells and fades over 70 % of its slot, then a short gap.
    const slot = (t * syllablesPerSecond) % 1;
    const envelope = slot < 0.7 ? Math.sin((Math.PI * slot) / 0.7) : 0;
    out[i] = amplitude * envelope * (Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase));
  }
  return out;
}
const silence = (seconds: number) => new Float32Array(Math.round(seconds * RATE));
function tone(seconds: number, hz: number, amplitude: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / RATE);
  return out;
}
const join = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const measure = (audio: Float32Array) => summarise(framesOf(audio, RATE));

describe("capture signals", () => {
  it("silence: nothing to measure, so every figure is absent", () => {
    const s = measure(silence(3));
    expect(s).toEqual({
      analysedSeconds: expect.closeTo(2.94, 1),
      speechSeconds: 0,
      loudnessDbfs: null,
      pitchHz: null,
      pitchVariationSemitones: null,
      syllablesPerSecond: null,
      pauses: 0,
      meanPauseSeconds: null,
      pauseShare: null,
      cognitiveLoad: null,
    });
  });

  it("a steady tone: its loudness (a sine of amplitude 0.1 is −23 dBFS), its pitch, no variation, no pauses", () => {
    const s = measure(tone(3, 220, 0.1));
    expect(s.loudnessDbfs).toBeCloseTo(-23, 0);
    expect(s.pitchHz).toBeCloseTo(220, 0);
    expect(s.pitchVariationSemitones).toBeLessThan(0.05);
    expect(s.pauses).toBe(0);
    expect(s.pauseShare).toBe(0);
    // One long vowel is no syllable rate of speech.
    expect(s.syllablesPerSecond).toBeLessThan(1);
  });

  it("speech-like syllables: the rate counted from their nuclei, the pitch and its glide", () => {
    const s = measure(speech(6, { pitch: 140, glide: 3, syllablesPerSecond: 4 }));
    expect(s.pitchHz).toBeGreaterThan(125);
    expect(s.pitchHz).toBeLessThan(155);
    // A ±3 semitone sine glide has a standard deviation of about 2.1 semitones.
    expect(s.pitchVariationSemitones).toBeGreaterThan(1.5);
    expect(s.pitchVariationSemitones).toBeLessThan(2.7);
    // 4 syllables a second: the short gaps between them belong to the speech, as in the voice engine's count.
    expect(s.syllablesPerSecond).toBeGreaterThan(3.4);
    expect(s.syllablesPerSecond).toBeLessThan(4.6);
  });

  it("known pauses: counted from half a second, their mean length and their share of the span", () => {
    // 2 s speech, 1 s silence, 2 s speech, 0.7 s silence, 2 s speech, 0.3 s silence (too short), 1 s speech.
    const audio = join(silence(0.5), speech(2), silence(1), speech(2), silence(0.7), speech(2), silence(0.3), speech(1), silence(1));
    const s = measure(audio);
    expect(s.pauses).toBe(2);
    // The gaps inside syllables add a little to each silence; the silence before the first word does not count.
    expect(s.meanPauseSeconds).toBeGreaterThan(0.8);
    expect(s.meanPauseSeconds).toBeLessThan(1);
    expect(s.pauseShare).toBeGreaterThan(1.7 / 9);
    expect(s.pauseShare).toBeLessThan(2.1 / 9);
    expect(s.cognitiveLoad).not.toBeNull();
  });

  it("the cognitive-load estimate: 0 for fluent speech, 10 for halting speech, a documented line between", () => {
    expect(cognitiveLoad(0.1, 5.5)).toBe(0);
    expect(cognitiveLoad(0.5, 2.5)).toBe(10);
    // p = (0.3 − 0.1) ÷ 0.4 = 0.5, r = (5.5 − 4) ÷ 3 = 0.5: 10 × (0.3 + 0.2) = 5.
    expect(cognitiveLoad(0.3, 4)).toBe(5);
    expect(cognitiveLoad(0, 9)).toBe(0);
    // Slow, halting speech reads higher than fluent speech of the same voice.
    const fluent = measure(join(speech(8, { syllablesPerSecond: 5 })));
    const slow = () => speech(3, { syllablesPerSecond: 3 });
    const halting = measure(join(slow(), silence(1.5), slow(), silence(1.5), slow()));
    // 5 syllables a second without pauses: r = (5.5 − 5) ÷ 3, so about 0.7.
    expect(fluent.cognitiveLoad).toBeLessThan(1.5);
    expect(halting.cognitiveLoad!).toBeGreaterThan(fluent.cognitiveLoad!);
  });

  it("needs enough speech: a second of words has a rate but no pause share and no load", () => {
    const s = measure(join(silence(0.5), speech(1.2), silence(0.5)));
    expect(s.pauseShare).toBeNull();
    expect(s.cognitiveLoad).toBeNull();
  });
});
