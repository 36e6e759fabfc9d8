import { describe, expect, it } from "vitest";
import { createDailyAggregator, localDayAndMinute } from "./daily-aggregate";
import type { Reading } from "./metrics";

// Daily aggregates computed by hand.
const at = new Date(0);
const reading = (metric: Reading["metric"], value: number, over: Partial<Reading> = {}): Reading => ({ metric, start: at, end: at, value, source: "Watch", day: "", minuteOfDay: 0, ...over });

describe("daily aggregates", () => {
  it("means for rates, totals for steps and sleep, lowest and highest, per source and day", () => {
    const daily = createDailyAggregator();
    daily.add({ ...reading("heart_rate", 60), day: "2026-01-01", minuteOfDay: 600 });
    daily.add({ ...reading("heart_rate", 90), day: "2026-01-01", minuteOfDay: 601 });
    daily.add({ ...reading("heart_rate", 75), day: "2026-01-01", minuteOfDay: 602 });
    daily.add({ ...reading("heart_rate", 50), day: "2026-01-02", minuteOfDay: 600 });
    daily.add({ ...reading("heart_rate", 70, { source: "Ring" }), day: "2026-01-01", minuteOfDay: 600 });
    daily.add({ ...reading("steps", 1200), day: "2026-01-01", minuteOfDay: 720 });
    daily.add({ ...reading("steps", 800), day: "2026-01-01", minuteOfDay: 780 });
    const values = daily.values();
    expect(values).toContainEqual({ source: "Watch", metric: "heart_rate", day: "2026-01-01", value: 75, min: 60, max: 90, count: 3 });
    expect(values).toContainEqual({ source: "Watch", metric: "heart_rate", day: "2026-01-02", value: 50, min: 50, max: 50, count: 1 });
    expect(values).toContainEqual({ source: "Ring", metric: "heart_rate", day: "2026-01-01", value: 70, min: 70, max: 70, count: 1 });
    expect(values).toContainEqual({ source: "Watch", metric: "steps", day: "2026-01-01", value: 2000, min: 800, max: 1200, count: 2 });
  });

  it("counts a minute a source reported twice once", () => {
    const daily = createDailyAggregator();
    daily.add({ ...reading("heart_rate", 60), day: "2026-01-01", minuteOfDay: 600 });
    daily.add({ ...reading("heart_rate", 64), day: "2026-01-01", minuteOfDay: 600 });
    daily.add({ ...reading("heart_rate", 62), day: "2026-01-01", minuteOfDay: 1439 });
    expect(daily.values()).toEqual([{ source: "Watch", metric: "heart_rate", day: "2026-01-01", value: 61, min: 60, max: 62, count: 2 }]);
    expect(daily.duplicates()).toBe(1);
  });

  it("sleep: the asleep stages only, summed", () => {
    const daily = createDailyAggregator();
    for (const [stage, minutes] of [["in bed", 450], ["core", 105], ["deep", 90], ["awake", 10], ["rem", 220]] as const) {
      daily.add({ ...reading("sleep_minutes", minutes, { stage }), day: "2026-01-02", minuteOfDay: 0 });
    }
    expect(daily.values()).toEqual([{ source: "Watch", metric: "sleep_minutes", day: "2026-01-02", value: 415, min: 90, max: 220, count: 3 }]);
  });

  it("reads the device's own calendar day and minute from Apple's dates", () => {
    expect(localDayAndMinute("2024-01-05 23:59:30 -0800")).toEqual({ day: "2024-01-05", minute: 1439 });
    expect(localDayAndMinute("nonsense")).toBeNull();
  });
});
