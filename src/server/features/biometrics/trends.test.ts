import { describe, expect, it } from "vitest";
import { consciousnessState } from "./consciousness-state";
import { recoveryTrend, sleepTrend, stressTrend, windowOf, zScore, type DayValue, type TrendInputs } from "./trends";

/** `n` days ending at 2026-03-31, the value of day i (0 = oldest) given by `f`. */
const series = (n: number, f: (i: number) => number): DayValue[] =>
  Array.from({ length: n }, (_, i) => ({ day: new Date(Date.UTC(2026, 2, 31) - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10), value: f(i) }));
const base = (over: Partial<TrendInputs>): TrendInputs => ({ lastDay: "2026-03-31", heartRate: [], restingHeartRate: [], hrv: null, sleep: [], ...over });

describe("biometric trends against the person's own 28-day baseline", () => {
  it("splits the last 7 days from the 28 before them", () => {
    const w = windowOf(series(40, (i) => i), "2026-03-31");
    expect(w.recent).toEqual([33, 34, 35, 36, 37, 38, 39]);
    expect(w.baseline).toEqual(Array.from({ length: 28 }, (_, i) => 5 + i));
  });

  it("z = (recent mean − baseline mean) ÷ baseline sd, computed by hand", () => {
    // Baseline alternates 40/44 (mean 42, sample sd 2.037…), recent all 46: z = 4 / 2.0367 = 1.964.
    const w = windowOf(series(35, (i) => (i >= 28 ? 46 : i % 2 ? 44 : 40)), "2026-03-31");
    expect(zScore(w)).toBeCloseTo(4 / Math.sqrt((28 * 4) / 27), 6);
  });

  it("Recovery: HRV up and resting heart rate down is well recovered; the reverse under-recovered; one method of HRV named", () => {
    const hrvUp = { method: "hrv_rmssd" as const, series: series(35, (i) => (i >= 28 ? 50 : 40 + (i % 2) * 4)) };
    const rhrDown = series(35, (i) => (i >= 28 ? 52 : 56 + (i % 2) * 2));
    const good = recoveryTrend(base({ hrv: hrvUp, restingHeartRate: rhrDown }));
    expect(good.level).toBe("Well recovered");
    expect(good.details).toEqual(["HRV (RMSSD) 50 ms this week against 42 ms before", "Resting heart rate 52 bpm this week against 57 bpm before"]);
    const bad = recoveryTrend(base({ hrv: { method: "hrv_sdnn", series: series(35, (i) => (i >= 28 ? 30 : 40 + (i % 2) * 4)) }, restingHeartRate: series(35, (i) => (i >= 28 ? 62 : 56 + (i % 2) * 2)) }));
    expect(bad.level).toBe("Under-recovered");
    expect(bad.details[0]).toMatch(/^HRV \(SDNN\)/);
    const flat = recoveryTrend(base({ restingHeartRate: series(35, (i) => 56 + (i % 2) * 2) }));
    expect(flat.level).toBe("Typical for you");
  });

  it("says how many days are missing instead of guessing", () => {
    const few = recoveryTrend(base({ restingHeartRate: series(12, () => 55) }));
    expect(few).toEqual({ level: null, score: null, details: [], needs: "Needs 9 more days of resting heart rate in the 28 days before the last week." });
    const noRecent = recoveryTrend(base({ lastDay: "2026-04-30", restingHeartRate: series(35, () => 55) }));
    expect(noRecent.needs).toMatch(/in the 28 days before the last week|in the last week/);
  });

  it("Stress: heart rate further above resting than usual, and HRV down, is elevated", () => {
    const resting = series(35, () => 55);
    const heart = series(35, (i) => (i >= 28 ? 80 : 68 + (i % 2) * 4));
    const stress = stressTrend(base({ heartRate: heart, restingHeartRate: resting, hrv: { method: "hrv_rmssd", series: series(35, (i) => (i >= 28 ? 35 : 42 + (i % 2) * 2)) } }));
    expect(stress.level).toBe("Elevated");
    expect(stress.details[0]).toBe("Heart rate above resting 25 bpm this week against 15 bpm before");
    const calm = stressTrend(base({ heartRate: series(35, (i) => (i >= 28 ? 64 : 68 + (i % 2) * 4)) }));
    expect(calm.level).toBe("Lower than usual");
    expect(calm.details[0]).toMatch(/^Average heart rate 64 bpm/);
  });

  it("Sleep Quality out of 10: 7 for duration against 7 hours, 3 for regularity", () => {
    // 6 h every night: 7 × 360/420 + 3 × 1 = 9.0.
    expect(sleepTrend(base({ sleep: series(7, () => 360) })).score).toBe(9);
    // 8 h every night is capped at full duration: 10.
    expect(sleepTrend(base({ sleep: series(7, () => 480) }))).toMatchObject({ score: 10, level: "Good" });
    // 5 h and 9 h alternating over 7 nights (5,9,5,9,5,9,5: mean 402.9 min, sd 128.3 min): 7 × 402.9/420 + 3 × max(0, 1 − 128.3/90) = 6.7.
    const uneven = sleepTrend(base({ sleep: series(7, (i) => (i % 2 ? 540 : 300)) }));
    expect(uneven).toMatchObject({ score: 6.7, level: "Fair" });
    expect(sleepTrend(base({ sleep: series(2, () => 480) })).level).toBeNull();
    const withBaseline = sleepTrend(base({ sleep: series(35, (i) => (i >= 28 ? 450 : 420)) }));
    expect(withBaseline.details).toEqual(["7 h 30 min asleep a night this week", "30 min more than your 28-night baseline (7 h 0 min)"]);
  });

  it("Consciousness state reads the newest heart rate against the newest resting rate", () => {
    const at = new Date("2026-03-31T08:00:00Z");
    expect(consciousnessState([])).toEqual({ arousal: null, details: [], at: null });
    const calm = consciousnessState([
      { metric: "heart_rate", value: 62, at, source: "Watch" },
      { metric: "resting_heart_rate", value: 55, at, source: "Watch" },
    ]);
    expect(calm).toMatchObject({ arousal: "Calm", details: ["Heart rate 62 bpm", "7 bpm above your resting 55 bpm"], at: at.toISOString() });
    expect(consciousnessState([{ metric: "heart_rate", value: 120, at, source: "Watch" }]).arousal).toBe("Highly aroused");
  });
});
