import { describe, expect, it } from "vitest";
import { barLevels, levelOfPeak } from "./waveform-scale";

const SAMPLE_RATE = 48_000;
const WINDOW = 256; // the analyser's fftSize
const BARS = 50;

const dbfs = (db: number) => 10 ** (db / 20);
const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** A voiced sound (170 Hz and three harmonics, like the fake microphone's voice) scaled to the given RMS level in dBFS. */
function voiced(rmsDb: number, offset = 0): Float32Array {
  const raw = Float32Array.from({ length: WINDOW }, (_, i) => {
    const phase = (2 * Math.PI * 170 * (i + offset)) / SAMPLE_RATE;
    return Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase) + 0.12 * Math.sin(4 * phase);
  });
  const gain = dbfs(rmsDb) / rms(raw);
  return raw.map((x) => x * gain);
}

/** Deterministic white noise at the given RMS level: a quiet room after the browser's noise suppression. */
function noise(rmsDb: number): Float32Array {
  let seed = 12345;
  const raw = Float32Array.from({ length: WINDOW }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 30 - 1;
  });
  const gain = dbfs(rmsDb) / rms(raw);
  return raw.map((x) => x * gain);
}

describe("the live waveform's decibel scale", () => {
  it("draws normal speech (-21 dBFS RMS) over a substantial share of the height", () => {
    for (const offset of [0, 97, 211]) {
      const levels = barLevels(voiced(-21, offset), BARS);
      expect(levels).toHaveLength(BARS);
      expect(Math.max(...levels)).toBeGreaterThan(0.7);
      expect(mean(levels)).toBeGreaterThan(0.5);
    }
  });

  it("shows a soft speaker (-30 dBFS RMS) clearly, and a loud one (-10 dBFS) without overflowing", () => {
    expect(Math.max(...barLevels(voiced(-30), BARS))).toBeGreaterThan(0.5);
    const loud = barLevels(voiced(-10), BARS);
    expect(Math.max(...loud)).toBeLessThanOrEqual(1);
    expect(Math.min(...loud)).toBeGreaterThanOrEqual(0);
  });

  it("keeps silence flat and a quiet room's noise (-60 dBFS RMS) low", () => {
    expect(barLevels(new Float32Array(WINDOW), BARS).every((level) => level === 0)).toBe(true);
    expect(Math.max(...barLevels(noise(-60), BARS))).toBeLessThan(0.1);
  });

  it("puts louder sound higher, from the floor to the ceiling", () => {
    expect(levelOfPeak(0)).toBe(0);
    expect(levelOfPeak(dbfs(-55))).toBeCloseTo(0);
    expect(levelOfPeak(dbfs(-30))).toBeLessThan(levelOfPeak(dbfs(-18)));
    expect(levelOfPeak(dbfs(-6))).toBe(1);
    expect(levelOfPeak(1.5)).toBe(1);
  });
});
