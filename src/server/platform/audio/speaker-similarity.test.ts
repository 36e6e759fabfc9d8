import { describe, expect, it } from "vitest";
import { fitLocalVoice, synthesizeSpeech, type LocalVoiceSettings } from "../../providers/voice/local-engine";
import { createLocalVoiceEngine } from "../../providers/voice/local-voice-engine";
import { VoiceFeatureMeter, voiceSimilarity, type VoiceFeatures } from "./voice-features";
import { speakerSimilarity } from "./voice-similarity";
import { readPcmWav } from "./wav-read";

// The figure shown for a clone (docs/formulas.md, "Voice clone similarity"), calibrated so that the offline engine's
// approximation of someone else's voice does not read like a near-perfect clone.

const OWNER_TEXT = "I grew up in a small town by the river, and every summer we swam until dark. Hello, this is my voice. I recorded it so the people I love can still hear me.";
const CLONE_TEXT = "My father worked at the mill for thirty years. Every evening he came home tired, but he always had a story for us at dinner.";

function measure(samples: Float32Array, sampleRate: number): VoiceFeatures {
  const meter = new VoiceFeatureMeter();
  meter.add(samples, sampleRate);
  return meter.finish();
}
const reading = async (text: string, settings: LocalVoiceSettings) => {
  const { samples, sampleRate } = await synthesizeSpeech(text, settings);
  return measure(samples, sampleRate);
};

/** Fits the offline engine to a recorded voice, then measures the clone reading other words, as training does. */
async function offlineClone(owner: VoiceFeatures) {
  const fitted = await fitLocalVoice(owner);
  const spoken = await createLocalVoiceEngine().speak({ voiceId: "local_test", settings: fitted.settings }, CLONE_TEXT);
  const wav = readPcmWav(spoken.audio)!;
  return { fitted, clone: measure(wav.samples, wav.sampleRate) };
}

describe("speaker similarity", () => {
  it("scores a recording against itself 1, and one speaker's two recordings high", async () => {
    const voice = { voice: "en-us", pitch: 45, range: 50, rate: 170 };
    const first = await reading(OWNER_TEXT, voice);
    const second = await reading(CLONE_TEXT, voice);
    expect(speakerSimilarity(first, first)).toBe(1);
    const same = speakerSimilarity(first, second)!;
    console.log(`one speaker, two recordings: ${same.toFixed(3)}`);
    expect(same).toBeGreaterThanOrEqual(0.9);
  });

  it.each([
    ["a male voice the engine does not have", { voice: "en-us+m7", pitch: 40, range: 50, rate: 170 }],
    ["a voice made another way (Klatt synthesis)", { voice: "en-us+klatt", pitch: 50, range: 60, rate: 160 }],
  ])("does not score the offline clone of %s near-perfect", async (_, settings) => {
    const owner = await reading(OWNER_TEXT, settings);
    const { fitted, clone } = await offlineClone(owner);
    const similarity = speakerSimilarity(owner, clone)!;
    console.log(`offline clone of ${settings.voice}: speaker similarity ${similarity.toFixed(3)}, the engine's prosody fit ${fitted.similarity.toFixed(3)} (what was shown before), prosody score of the clone's speech ${voiceSimilarity(owner, clone).toFixed(3)}`);
    expect(similarity).toBeLessThan(0.5);
  });

  it("scores the offline clone of the engine's own voice well above another speaker's: it is that voice", async () => {
    const owner = await reading(OWNER_TEXT, { voice: "en-us", pitch: 40, range: 50, rate: 175 });
    const { clone } = await offlineClone(owner);
    const similarity = speakerSimilarity(owner, clone)!;
    console.log(`offline clone of espeak's own en-us: ${similarity.toFixed(3)}`);
    expect(similarity).toBeGreaterThan(0.5);
  });

  it("is not measured without voiced speech or without the timbre's spread", () => {
    const silent: VoiceFeatures = { medianF0Hz: null, f0SpreadSemitones: null, syllablesPerSecond: null, mfccMeans: [], mfccStds: [], voicedSeconds: 0, analysedSeconds: 5 };
    const older: VoiceFeatures = { medianF0Hz: 120, f0SpreadSemitones: 2, syllablesPerSecond: 4, mfccMeans: new Array(12).fill(1), voicedSeconds: 3, analysedSeconds: 5 };
    expect(speakerSimilarity(silent, silent)).toBeNull();
    expect(speakerSimilarity(older, older)).toBeNull();
  });
});

describe("readPcmWav", () => {
  it("skips chunks before the samples", () => {
    const body = [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45];
    const chunk = (id: string, bytes: number[]) => [...Buffer.from(id, "latin1"), bytes.length & 255, 0, 0, 0, ...bytes, ...(bytes.length % 2 ? [0] : [])];
    const fmt = [1, 0, 1, 0, 0x80, 0x3e, 0, 0, 0, 0x7d, 0, 0, 2, 0, 16, 0];
    const wav = Uint8Array.from([...body, ...chunk("_PMX", [1, 2, 3]), ...chunk("fmt ", fmt), ...chunk("data", [0, 0x40, 0, 0xc0])]);
    const read = readPcmWav(wav)!;
    expect(read.sampleRate).toBe(16_000);
    expect([...read.samples]).toEqual([0.5, -0.5]);
    expect(readPcmWav(Uint8Array.from([1, 2, 3]))).toBeNull();
  });
});
