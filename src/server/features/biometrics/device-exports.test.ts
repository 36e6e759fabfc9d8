import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticDay, syntheticOuraTrendsCsv, writeSyntheticFitbitExport, writeSyntheticOuraAppData } from "../../test/synthetic-device-exports";
import { createDailyAggregator, type DailyValue } from "./daily-aggregate";
import { estimateOffsetMinutes } from "./fitbit";
import { parseIsoMoment } from "./local-time";
import { ExportUnreadableError, readExport } from "./read-export";
import { UnpacksTooLargeError, withZipFiles } from "./export-files";
import { fileBoundReasons } from "./reader-bounds";
import yazl from "yazl";
import { pipeline } from "node:stream/promises";
import { createWriteStream } from "node:fs";

// Fitbit / Google Takeout and Oura exports with their defects (synthetic data, test/synthetic-device-exports.ts),
// read end to end into daily values as the import job does.
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "mindprint-devices-"));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function readDays(file: string, filename: string) {
  const aggregator = createDailyAggregator();
  const shares: number[] = [];
  const result = await readExport(file, filename, (r) => aggregator.add(r), (s) => shares.push(s));
  const days = aggregator.values();
  const value = (metric: string, day: string) => days.find((d: DailyValue) => d.metric === metric && d.day === day);
  return { result, days, value, shares };
}

describe("a Fitbit / Google Takeout export", () => {
  it("reads both dialects, puts UTC readings on the wearer's local day, drops the SpO2 placeholder and the empty resting days, and counts a boundary night once", async () => {
    const file = path.join(dir, "takeout-20260301T101010Z-001.zip");
    // A wearer at UTC−5: Fitbit's intraday UTC times fall on the next UTC day for evening readings.
    await writeSyntheticFitbitExport(file, { days: 40, from: "2026-01-01", offsetMinutes: -300 });
    const { result, days, value, shares } = await readDays(file, "takeout-20260301T101010Z-001.zip");
    expect(result.format).toBe("fitbit");
    // Heart rate: one file per local day, every 5 minutes, 288 readings, each on that day.
    const hr = value("heart_rate", "2026-01-10")!;
    expect(hr.count).toBe(288);
    expect(days.filter((d) => d.metric === "heart_rate").map((d) => d.day).sort()[0]).toBe("2026-01-01");
    // Steps: per minute in UTC in 30-day files; the active minutes at 12:00 local land on their local day, zeros skipped.
    expect(value("steps", "2026-01-10")).toMatchObject({ value: syntheticDay.activeMinutes(9) * 100, count: syntheticDay.activeMinutes(9) });
    expect(value("steps", "2026-02-09")!.value).toBe(syntheticDay.activeMinutes(39) * 100);
    // Resting heart rate: day 5 is written {"date": null, "value": 0} and is no value at all.
    expect(value("resting_heart_rate", "2026-01-06")).toBeUndefined();
    expect(value("resting_heart_rate", "2026-01-07")!.value).toBeCloseTo(syntheticDay.resting(6) + 0.0123, 4);
    // Sleep: Fitbit's minutes asleep per night; the night on the boundary of two monthly files counted once.
    expect(value("sleep_minutes", "2026-01-31")).toMatchObject({ value: syntheticDay.asleepMinutes(30), count: 1 });
    // HRV from the CSV dialect is RMSSD; SpO2 without its 50.0 placeholder rows (3 of 21 a night).
    expect(value("hrv_rmssd", "2026-01-05")!.value).toBe(syntheticDay.rmssd(4));
    expect(value("hrv_sdnn", "2026-01-05")).toBeUndefined();
    expect(value("spo2", "2026-01-05")).toMatchObject({ value: syntheticDay.spo2(4), min: syntheticDay.spo2(4), count: 18 });
    expect(value("respiratory_rate", "2026-01-05")!.value).toBeCloseTo(14.2);
    expect(days.every((d) => d.source === "Fitbit")).toBe(true);
    expect(result.kept).toBeGreaterThan(0);
    expect(shares.at(-1)).toBe(1);
  });

  it("learns the wearer's offset from days worn around the clock, to the nearest quarter hour", () => {
    expect(estimateOffsetMinutes([])).toBe(0);
    expect(estimateOffsetMinutes([-299.9, -300.1, -300, 60])).toBe(-300);
    expect(estimateOffsetMinutes([330.2, 329.8, 331])).toBe(330);
    expect(estimateOffsetMinutes([2000])).toBe(14 * 60);
  });
});

describe("an Oura export", () => {
  it("reads the trends CSV with its byte-order mark, trailing-space header, doubled column, seconds and gaps", async () => {
    const file = path.join(dir, "oura_2026-02-10_trends.csv");
    await fs.writeFile(file, syntheticOuraTrendsCsv({ days: 30, from: "2026-01-01" }));
    const { result, value } = await readDays(file, "oura_2026-02-10_trends.csv");
    expect(result.format).toBe("oura");
    expect(value("sleep_minutes", "2026-01-03")!.value).toBe(syntheticDay.asleepMinutes(2));
    expect(value("hrv_rmssd", "2026-01-03")!.value).toBe(syntheticDay.rmssd(2));
    expect(value("hrv_rmssd", "2026-01-05")).toBeUndefined(); // an empty cell
    expect(value("resting_heart_rate", "2026-01-03")!.value).toBe(syntheticDay.resting(2));
    expect(value("steps", "2026-01-03")!.value).toBe(7002);
    expect(value("hrv_sdnn", "2026-01-03")).toBeUndefined();
  });

  it("reads the App Data zip: semicolons, JSON inside cells, naps added to the night, deleted sleeps dropped", async () => {
    const file = path.join(dir, "oura-app-data.zip");
    await writeSyntheticOuraAppData(file, { days: 12, from: "2026-03-01" });
    const { result, value } = await readDays(file, "oura-app-data.zip");
    expect(result.format).toBe("oura");
    // Day 0 has a 30-minute nap and a deleted hour: the nap counts, the deleted one does not.
    expect(value("sleep_minutes", "2026-03-01")).toMatchObject({ value: syntheticDay.asleepMinutes(0) + 30, count: 2 });
    // The night's HRV and resting heart rate come from the main sleep, not the nap (HRV 20) or the deleted one (99).
    expect(value("hrv_rmssd", "2026-03-01")!.value).toBe(syntheticDay.rmssd(0));
    expect(value("resting_heart_rate", "2026-03-01")!.value).toBe(syntheticDay.resting(0));
    expect(value("spo2", "2026-03-02")!.value).toBe(syntheticDay.spo2(1));
    expect(value("steps", "2026-03-02")!.value).toBe(7001);
  });
});

describe("what is not an export", () => {
  it("refuses a text file, a zip of photos and a broken zip, saying which is which", async () => {
    const notes = path.join(dir, "notes.csv");
    await fs.writeFile(notes, "name,colour\nAda,blue\n");
    await expect(readExport(notes, "notes.csv", () => {}, () => {})).rejects.toMatchObject({ reason: null });
    const broken = path.join(dir, "broken.zip");
    await fs.writeFile(broken, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]));
    const error = await readExport(broken, "broken.zip", () => {}, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExportUnreadableError);
    expect((error as ExportUnreadableError).reason).toMatch(/incomplete or damaged/);
  });

  it("refuses a zip that would unpack past the limits before reading anything, and says a damaged file is damaged", async () => {
    const file = path.join(dir, "bomb.zip");
    const zip = new yazl.ZipFile();
    // 2 MB of zeros compresses to a few KB: the declared sizes are what count.
    zip.addBuffer(Buffer.alloc(2 * 1024 * 1024), "a.xml");
    zip.addBuffer(Buffer.from("x"), "b.xml");
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(file));
    let opened = false;
    await expect(withZipFiles(file, async () => (opened = true), { maxBytes: 1024 * 1024, maxEntries: 10 })).rejects.toBeInstanceOf(UnpacksTooLargeError);
    await expect(withZipFiles(file, async () => (opened = true), { maxBytes: 10 * 1024 * 1024, maxEntries: 1 })).rejects.toBeInstanceOf(UnpacksTooLargeError);
    expect(opened).toBe(false);

    // A Fitbit CSV with a quote that never closes: the row's bound ends it, said as such.
    const broken = path.join(dir, "broken-takeout.zip");
    const takeout = new yazl.ZipFile();
    takeout.addBuffer(Buffer.from(`timestamp,rmssd,nremhr,entropy\n2026-01-01T00:00:00,"40${"9".repeat(1_100_000)}\n`), "Takeout/Fitbit/Heart Rate Variability/Daily Heart Rate Variability Summary - 2026-01-(01).csv");
    takeout.end();
    await pipeline(takeout.outputStream, createWriteStream(broken));
    const error = await readExport(broken, "takeout.zip", () => {}, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExportUnreadableError);
    expect((error as ExportUnreadableError).reason).toBe(fileBoundReasons.csvRow);
  });

  it("reads timestamps with an offset, in UTC and on the wall clock", () => {
    expect(parseIsoMoment("2024-01-05T23:30:00-05:00", 0)).toMatchObject({ day: "2024-01-05", minute: 23 * 60 + 30 });
    expect(parseIsoMoment("2024-01-06T04:30:00Z", -300)).toMatchObject({ day: "2024-01-05", minute: 23 * 60 + 30 });
    expect(parseIsoMoment("2024-01-05T23:30:00", -300)!.at.toISOString()).toBe("2024-01-06T04:30:00.000Z");
    expect(parseIsoMoment("2025-12-03 21:12:30+0000", 0)).toMatchObject({ day: "2025-12-03" });
    expect(parseIsoMoment("05/01/24", 0)).toBeNull();
  });
});
