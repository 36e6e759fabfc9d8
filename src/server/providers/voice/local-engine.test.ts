import { describe, expect, it } from "vitest";
import { VoiceFeatureMeter, type VoiceFeatures } from "../../platform/audio/voice-features";
import { fitLocalVoice, synthesizeSpeech, type LocalVoiceSettings } from "./local-engine";

// A different passage from the engine's calibration text, so the fit is not judged on the words it was fitted with.
const OWNER_TEXT =
  "My father worked at the mill for thirty years. Every evening he came home tired, " +
  "but he always had a story for us at dinner. Those stories are what I remember most about him.";

async function featuresOf(text: string, settings: LocalVoiceSettings): Promise<VoiceFeatures> {
  const speech = await synthesizeSpeech(text, settings);
  const meter = new VoiceFeatureMeter();
  meter.add(speech.samples, speech.sampleRate);
  return meter.finish();
}

const base: LocalVoiceSettings = { voice: "en-us", pitch: 50, range: 50, rate: 175 };

describe("synthesizeSpeech", () => {
  it("returns a playable 16-bit mono WAV of the spoken text", async () => {
    const { wav, samples, sampleRate } = await synthesizeSpeech("Hello, this is a short test of the offline voice.", base);
    const text = (from: number, to: number) => Buffer.from(wav.subarray(from, to)).toString("latin1");
    const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
    expect(text(0, 4)).toBe("RIFF");
    expect(text(8, 12)).toBe("WAVE");
    expect(text(36, 40)).toBe("data");
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(sampleRate);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
    expect(samples.length / sampleRate).toBeGreaterThan(1.5);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(0.05);
  });

  it("speaks higher when the pitch setting rises", async () => {
    const low = await featuresOf(OWNER_TEXT, { ...base, pitch: 20 });
    const high = await featuresOf(OWNER_TEXT, { ...base, pitch: 80 });
    expect(high.medianF0Hz!).toBeGreaterThan(low.medianF0Hz! * 1.2);
  });

  it("refuses unknown voice names and empty text", async () => {
    await expect(synthesizeSpeech("Hi", { ...base, voice: "../etc" })).rejects.toThrow(/voice name/);
    await expect(synthesizeSpeech("  ", base)).rejects.toThrow(/no text/);
  });
});

describe("fitLocalVoice", () => {
  it("recovers the settings of a voice the engine itself produced", async () => {
    const owner = await featuresOf(OWNER_TEXT, { ...base, pitch: 70 });
    const fit = await fitLocalVoice(owner);
    expect(fit.similarity).toBeGreaterThanOrEqual(0.8);
    expect(fit.settings.voice).toBe("en-us");
    expect(Math.abs(fit.settings.pitch - 70)).toBeLessThanOrEqual(12);
    expect(Math.abs(12 * Math.log2(fit.sample.medianF0Hz! / owner.medianF0Hz!))).toBeLessThan(1.5);
  });

  it("fits a low voice lower than a high one", async () => {
    const low = await fitLocalVoice(await featuresOf(OWNER_TEXT, { ...base, pitch: 15 }));
    const high = await fitLocalVoice(await featuresOf(OWNER_TEXT, { voice: "en-us+f3", pitch: 60, range: 60, rate: 160 }));
    expect(high.settings.voice).toBe("en-us+f3");
    expect(high.sample.medianF0Hz!).toBeGreaterThan(low.sample.medianF0Hz! * 1.8);
  });

  it("refuses recordings without voiced speech", async () => {
    const silent: VoiceFeatures = { medianF0Hz: null, f0SpreadSemitones: null, syllablesPerSecond: null, mfccMeans: [], voicedSeconds: 0, analysedSeconds: 5 };
    await expect(fitLocalVoice(silent)).rejects.toThrow("No voiced speech was found in the recordings to fit a voice to.");
  });
});
