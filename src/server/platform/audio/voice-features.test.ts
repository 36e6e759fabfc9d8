import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { Storage } from "../storage/storage";
import { measureRecordings, VoiceFeatureMeter, voiceSimilarity, type VoiceFeatures } from "./voice-features";

/** A buzzy voiced tone (eight harmonics) in syllable-like bursts: `bursts` raised-sine swells per second. */
function syllableTone(f0: number, seconds: number, sampleRate: number, bursts = 4): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate;
    let wave = 0;
    for (let h = 1; h <= 8; h++) wave += Math.sin(2 * Math.PI * f0 * h * t) / h;
    out[i] = 0.3 * wave * Math.max(0, Math.sin(2 * Math.PI * bursts * t)) ** 2;
  }
  return out;
}

function measure(samples: Float32Array, sampleRate: number, piece = 960): VoiceFeatures {
  const meter = new VoiceFeatureMeter();
  // Fed in small pieces, as decoded Opus frames arrive, to exercise the streaming path.
  for (let i = 0; i < samples.length; i += piece) meter.add(samples.subarray(i, i + piece), sampleRate);
  return meter.finish();
}

describe("VoiceFeatureMeter", () => {
  const low = measure(syllableTone(120, 6, 48_000), 48_000);
  const high = measure(syllableTone(220, 6, 48_000), 48_000);

  it("finds the fundamental within 5 %", () => {
    expect(low.medianF0Hz).not.toBeNull();
    expect(Math.abs(low.medianF0Hz! / 120 - 1)).toBeLessThan(0.05);
    expect(Math.abs(high.medianF0Hz! / 220 - 1)).toBeLessThan(0.05);
    expect(low.f0SpreadSemitones).toBeLessThan(0.5); // a steady tone has almost no intonation
  });

  it("counts syllable-like bursts as the speaking rate", () => {
    expect(low.syllablesPerSecond).not.toBeNull();
    expect(Math.abs(low.syllablesPerSecond! - 4)).toBeLessThan(0.8);
    const fast = measure(syllableTone(120, 6, 22_050, 6), 22_050);
    expect(Math.abs(fast.syllablesPerSecond! - 6)).toBeLessThan(1.2);
  });

  it("reports durations and MFCC 1..12", () => {
    expect(low.analysedSeconds).toBeCloseTo(6, 1);
    expect(low.voicedSeconds).toBeGreaterThan(1);
    expect(low.voicedSeconds).toBeLessThan(6);
    expect(low.mfccMeans).toHaveLength(12);
  });

  it("finds no voice in silence or noise", () => {
    const silence = measure(new Float32Array(16_000 * 2), 16_000);
    expect(silence.medianF0Hz).toBeNull();
    expect(silence.mfccMeans).toEqual([]);
    let seed = 1;
    const noise = new Float32Array(16_000 * 2).map(() => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.2);
    expect(measure(noise, 16_000).voicedSeconds).toBeLessThan(0.2);
  });
});

describe("voiceSimilarity", () => {
  const a = measure(syllableTone(120, 4, 48_000), 48_000);
  const b = measure(syllableTone(220, 4, 48_000, 7), 48_000);

  it("is 1 for identical features and clearly lower for different voices", () => {
    expect(voiceSimilarity(a, a)).toBeCloseTo(1, 10);
    const different = voiceSimilarity(a, b);
    expect(different).toBeGreaterThanOrEqual(0);
    expect(different).toBeLessThan(0.7);
  });

  it("stays within 0..1 and is 0 with nothing to compare", () => {
    const empty: VoiceFeatures = { medianF0Hz: null, f0SpreadSemitones: null, syllablesPerSecond: null, mfccMeans: [], voicedSeconds: 0, analysedSeconds: 1 };
    const odd: VoiceFeatures = { ...a, medianF0Hz: 1e6, f0SpreadSemitones: 50, syllablesPerSecond: 1e-3, mfccMeans: a.mfccMeans.map((x) => -x) };
    for (const [x, y] of [[a, b], [b, a], [a, odd], [a, empty], [empty, empty]] as const) {
      const s = voiceSimilarity(x, y);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect(voiceSimilarity(a, empty)).toBe(0);
  });
});

describe("measureRecordings", () => {
  const fixture = new URL("./fixtures/spoken-4.5s.webm", import.meta.url);
  const storage = (files: Record<string, Buffer | "missing">): Storage =>
    ({
      read: async (key: string) => {
        const file = files[key];
        if (!file || file === "missing") return null;
        return { stream: Readable.from([file]), size: file.length };
      },
    }) as unknown as Storage;

  it("measures good files, skips damaged ones and stops at the time budget", async () => {
    const { readFile } = await import("node:fs/promises");
    const good = await readFile(fixture);
    const features = await measureRecordings(storage({ a: Buffer.from("not a webm file"), b: good, c: "missing", d: good }), ["a", "b", "c", "d"], 6);
    expect(features.analysedSeconds).toBeGreaterThan(5.5);
    expect(features.analysedSeconds).toBeLessThanOrEqual(6.01);
  });

  it("throws when nothing could be decoded", async () => {
    await expect(measureRecordings(storage({ a: Buffer.from("junk") }), ["a", "b"])).rejects.toThrow(/None of the recordings/);
  });
});
