import { describe, expect, it } from "vitest";
import { createDailyAggregator, localDayAndMinute, MAX_SOURCES } from "./daily-aggregate";
import type { Reading } from "./metrics";

// Daily aggregates computed by hand. A reading's instant is its day and minute read as UTC unless a test says otherwise.
function reading(metric: Reading["metric"], value: number, day: string, minute: number, over: Partial<Reading> = {}): Reading {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000);
  return { metric, start, end: start, value, source: "Watch", day, minuteOfDay: minute, ...over };
}

describe("daily aggregates", () => {
  it("means for rates, totals for steps and sleep, lowest and highest, per source and day", () => {
    const daily = createDailyAggregator();
    daily.add(reading("heart_rate", 60, "2026-01-01", 600));
    daily.add(reading("heart_rate", 90, "2026-01-01", 601));
    daily.add(reading("heart_rate", 75, "2026-01-01", 602));
    daily.add(reading("heart_rate", 50, "2026-01-02", 600));
    daily.add(reading("heart_rate", 70, "2026-01-01", 600, { source: "Ring" }));
    daily.add(reading("steps", 1200, "2026-01-01", 720));
    daily.add(reading("steps", 800, "2026-01-01", 780));
    const values = daily.values();
    expect(values).toContainEqual({ source: "Watch", metric: "heart_rate", day: "2026-01-01", value: 75, min: 60, max: 90, count: 3 });
    expect(values).toContainEqual({ source: "Watch", metric: "heart_rate", day: "2026-01-02", value: 50, min: 50, max: 50, count: 1 });
    expect(values).toContainEqual({ source: "Ring", metric: "heart_rate", day: "2026-01-01", value: 70, min: 70, max: 70, count: 1 });
    expect(values).toContainEqual({ source: "Watch", metric: "steps", day: "2026-01-01", value: 2000, min: 800, max: 1200, count: 2 });
  });

  it("counts a minute a source reported twice once", () => {
    const daily = createDailyAggregator();
    daily.add(reading("heart_rate", 60, "2026-01-01", 600));
    daily.add(reading("heart_rate", 64, "2026-01-01", 600));
    daily.add(reading("heart_rate", 62, "2026-01-01", 1439));
    expect(daily.values()).toEqual([{ source: "Watch", metric: "heart_rate", day: "2026-01-01", value: 61, min: 60, max: 62, count: 2 }]);
    expect(daily.duplicates()).toBe(1);
  });

  it("keeps the hour a clock turned back for winter repeats: the same local minute is two moments", () => {
    const daily = createDailyAggregator();
    // 01:30 at −04:00 (05:30 UTC) and 01:30 again at −05:00 (06:30 UTC), both on the local day 2026-11-01.
    daily.add({ ...reading("heart_rate", 60, "2026-11-01", 90), start: new Date("2026-11-01T05:30:00Z") });
    daily.add({ ...reading("heart_rate", 70, "2026-11-01", 90), start: new Date("2026-11-01T06:30:00Z") });
    expect(daily.values()[0]).toMatchObject({ value: 65, count: 2 });
  });

  it("steps: two samples starting in one minute both count; a sample listed twice counts once", () => {
    const daily = createDailyAggregator();
    const first = reading("steps", 40, "2026-01-01", 600);
    daily.add(first);
    daily.add({ ...first, start: new Date(first.start.getTime() + 30_000), value: 25 });
    daily.add({ ...first });
    expect(daily.values()[0]).toMatchObject({ value: 65, count: 2 });
    expect(daily.duplicates()).toBe(1);
  });

  it("device names lose control characters, an empty one gets a name, and past the limit devices share one name", () => {
    const daily = createDailyAggregator();
    daily.add(reading("heart_rate", 60, "2026-01-01", 1, { source: "Ada\u0000’s\u0007 Watch " }));
    daily.add(reading("heart_rate", 60, "2026-01-01", 2, { source: "" }));
    for (let i = 0; i < MAX_SOURCES + 5; i++) daily.add(reading("heart_rate", 60, "2026-01-02", i, { source: `Phone ${i}` }));
    const sources = new Set(daily.values().map((v) => v.source));
    expect(sources.has("Ada’s Watch")).toBe(true);
    expect(sources.has("Unnamed device")).toBe(true);
    expect(sources.size).toBe(MAX_SOURCES);
    expect(sources.has("Other devices")).toBe(true);
  });

  it("sleep: the asleep stages only, summed", () => {
    const daily = createDailyAggregator();
    for (const [stage, minutes] of [["in bed", 450], ["core", 105], ["deep", 90], ["awake", 10], ["rem", 220]] as const) {
      daily.add(reading("sleep_minutes", minutes, "2026-01-02", 0, { stage }));
    }
    expect(daily.values()).toEqual([{ source: "Watch", metric: "sleep_minutes", day: "2026-01-02", value: 415, min: 90, max: 220, count: 3 }]);
  });

  it("reads the device's own calendar day and minute from Apple's dates", () => {
    expect(localDayAndMinute("2024-01-05 23:59:30 -0800")).toEqual({ day: "2024-01-05", minute: 1439 });
    expect(localDayAndMinute("nonsense")).toBeNull();
  });
});
