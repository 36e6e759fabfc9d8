import { describe, expect, it } from "vitest";
import { synthesizeSpeech } from "../../providers/voice/local-engine";
import { SpeechDetector, type SpeechVerdict } from "./speech-detector";

const RATE = 48_000;

function detect(samples: Float32Array, sampleRate = RATE): SpeechVerdict {
  const detector = new SpeechDetector();
  // In decoder-sized pieces (20 ms), as the Opus frames of an upload arrive.
  const piece = Math.round(sampleRate / 50);
  for (let i = 0; i < samples.length; i += piece) detector.add(samples.subarray(i, i + piece), sampleRate);
  return detector.finish();
}

const signal = (seconds: number, at: (t: number) => number) => Float32Array.from({ length: Math.round(seconds * RATE) }, (_, i) => at(i / RATE));
const harmonics = (phase: number) => Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase);

let seed = 7;
const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 2;

/** A melody of held notes (an instrument, a hummed tune): `attack` shapes each note's loudness. */
function melody(seconds: number, noteSeconds: number, envelope: (inNote: number) => number): Float32Array {
  const notes = [262, 294, 330, 349, 392, 349, 330, 294];
  let phase = 0;
  return signal(seconds, (t) => {
    const index = Math.floor(t / noteSeconds);
    phase += (2 * Math.PI * notes[index % notes.length]!) / RATE;
    return 0.3 * envelope((t % noteSeconds) / noteSeconds) * harmonics(phase);
  });
}

describe("SpeechDetector", () => {
  it("hears speech in synthesized speech, low and high voices, slow and fast", async () => {
    const passage =
      "We drove north every August, the four of us packed into a green station wagon with the windows down. " +
      "My father sang badly and my mother pretended not to know him. By the time we reached the coast it was always dark.";
    for (const settings of [
      { voice: "en-us", pitch: 30, range: 50, rate: 140 },
      { voice: "en-us+f3", pitch: 60, range: 60, rate: 190 },
      { voice: "en-gb", pitch: 45, range: 20, rate: 240 },
    ]) {
      const speech = await synthesizeSpeech(passage, settings);
      const verdict = detect(speech.samples, speech.sampleRate);
      expect(verdict.hasSpeech, JSON.stringify({ settings, verdict })).toBe(true);
      expect(verdict.speechSeconds).toBeGreaterThan(4);
    }
  }, 60_000);

  it("hears speech over background noise", async () => {
    const speech = await synthesizeSpeech("I remember the smell of the bakery on the corner, and how the owner always gave us the broken biscuits for free.", { voice: "en-us", pitch: 40, range: 50, rate: 170 });
    const noisy = speech.samples.map((s) => s + 0.01 * noise());
    expect(detect(noisy, speech.sampleRate).hasSpeech).toBe(true);
  }, 60_000);

  it("finds no speech in a steady tone, a beeping tone, silence or noise", () => {
    let phase = 0;
    const tone = signal(10, () => 0.3 * Math.sin((phase += (2 * Math.PI * 440) / RATE)));
    const lowHum = signal(10, (t) => 0.3 * harmonics(2 * Math.PI * 150 * t));
    const beeps = signal(10, (t) => (t % 0.5 < 0.25 ? 0.3 * Math.sin(2 * Math.PI * 1000 * t) : 0));
    const lowBeeps = signal(10, (t) => (t % 0.3 < 0.15 ? 0.3 * harmonics(2 * Math.PI * 200 * t) : 0));
    for (const [name, samples] of Object.entries({ tone, lowHum, beeps, lowBeeps, silence: new Float32Array(RATE * 10), noise: signal(10, () => 0.2 * noise()) })) {
      expect(detect(samples).hasSpeech, name).toBe(false);
    }
  });

  it("finds no speech in music: a legato tune, a plucked tune, chords", () => {
    const legato = melody(12, 0.5, () => 1);
    const plucked = melody(12, 0.4, (x) => Math.exp(-4 * x));
    const chords = signal(12, (t) => {
      const root = [196, 220, 262, 247][Math.floor(t / 1.5) % 4]!;
      return 0.12 * (harmonics(2 * Math.PI * root * t) + harmonics(2 * Math.PI * root * 1.26 * t) + harmonics(2 * Math.PI * root * 1.5 * t));
    });
    for (const [name, samples] of Object.entries({ legato, plucked, chords })) expect(detect(samples).hasSpeech, name).toBe(false);
  });

  it("says no speech when most of a recording is something else", async () => {
    const speech = await synthesizeSpeech("This is me, saying a few words before the music starts. I hope you like this song, it was our favourite.", { voice: "en-us", pitch: 40, range: 50, rate: 170 });
    const rate = speech.sampleRate;
    // Padded to whole 4 s windows so no window holds both.
    const spoken = Math.ceil(speech.samples.length / (4 * rate)) * 4 * rate;
    const mixed = new Float32Array(spoken + 24 * rate);
    mixed.set(speech.samples);
    for (let i = spoken; i < mixed.length; i++) mixed[i] = 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate);
    const verdict = detect(mixed, rate);
    expect(verdict.speechSeconds).toBeGreaterThan(0);
    expect(verdict.hasSpeech).toBe(false);
  }, 60_000);
});

describe("SpeechDetector on a long recording", () => {
  it("judges a sample of windows past 10 minutes and still weighs speech against the rest", async () => {
    const speech = await synthesizeSpeech("We moved to the city the winter I turned nine, and I hated it for a year and loved it ever after.", { voice: "en-us", pitch: 40, range: 50, rate: 170 });
    const rate = speech.sampleRate;
    const detector = new SpeechDetector();
    const piece = Math.round(rate / 50);
    const tone = Float32Array.from({ length: piece }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate));
    // 12 minutes of speech (the passage looped), then 12 minutes of tone: equal parts, so "no speech" only if the
    // sampled windows still weigh as much as the fully judged ones.
    const feed = (minutes: number, next: (i: number) => Float32Array) => {
      const pieces = Math.round((minutes * 60 * rate) / piece);
      for (let i = 0; i < pieces; i++) detector.add(next(i), rate);
    };
    feed(12, (i) => {
      const start = (i * piece) % (speech.samples.length - piece);
      return speech.samples.subarray(start, start + piece);
    });
    feed(13, () => tone);
    const verdict = detector.finish();
    expect(verdict.speechSeconds).toBeGreaterThan(600);
    expect(verdict.otherSeconds).toBeGreaterThan(700);
    expect(verdict.hasSpeech).toBe(false);
  }, 60_000);
});
