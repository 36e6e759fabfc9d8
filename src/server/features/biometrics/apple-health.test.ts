import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { pipeline } from "node:stream/promises";
import { createWriteStream } from "node:fs";
import { appleExportXml, writeSyntheticAppleExport } from "../../test/synthetic-apple-export";
import { parseAppleDate, readAppleHealthZip } from "./apple-health";
import { createDailyAggregator } from "./daily-aggregate";
import { createHealthXmlCleaner, NotHealthExportError } from "./apple-health-xml";
import type { Reading } from "./metrics";

// Apple Health's export.zip with the defects real ones have (synthetic data, test/synthetic-apple-export.ts).
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "mindprint-apple-"));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function zipOf(name: string, entries: Array<[string, string]>): Promise<string> {
  const file = path.join(dir, name);
  const zip = new yazl.ZipFile();
  for (const [entry, text] of entries) zip.addBuffer(Buffer.from(text), entry);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
  return file;
}

describe("reading an Apple Health export", () => {
  it("finds the export by its content under a localised name, past the CDA twin and macOS's forks, and keeps the types we use", async () => {
    const file = path.join(dir, "export.zip");
    await writeSyntheticAppleExport(file, { days: 3, minutesPerReading: 60 });
    const readings: Reading[] = [];
    const shares: number[] = [];
    const result = await readAppleHealthZip(file, (r) => readings.push(r), (s) => shares.push(s));
    const count = (metric: string) => readings.filter((r) => r.metric === metric).length;
    expect(count("heart_rate")).toBe(3 * 24);
    expect(count("resting_heart_rate")).toBe(3);
    expect(count("hrv_sdnn")).toBe(3);
    expect(count("hrv_rmssd")).toBe(0);
    expect(count("steps")).toBe(3);
    expect(count("respiratory_rate")).toBe(3);
    expect(count("spo2")).toBe(3);
    expect(count("sleep_minutes")).toBe(3 * 5);
    // Body mass is not kept; every record is counted.
    expect(result).toEqual({ records: 3 * (24 + 5 + 5 + 1), kept: readings.length });
    expect(readings.find((r) => r.metric === "spo2")!.value).toBeCloseTo(97, 6);
    // The control characters are gone from the device's name.
    expect(readings[0]!.source).toBe("Ada’s AppleWatch");
    expect(readings.find((r) => r.stage === "deep")).toMatchObject({ value: 90 });
    expect(shares.at(-1)).toBe(1);
    // Days and minutes in the device's own time (+01:00): the first heartbeat is at midnight of the first day.
    expect(readings.find((r) => r.metric === "heart_rate")).toMatchObject({ day: "2026-01-01", minuteOfDay: 60 });
    // The whole pipeline: three days of daily aggregates (the first night ends on the first day).
    const daily = createDailyAggregator();
    for (const r of readings) daily.add(r);
    const sleep = daily.values().filter((v) => v.metric === "sleep_minutes");
    // Core 23:15–01:00, deep 01:00–02:30, REM 02:40–06:20 (in bed and the waking left out).
    const night = 105 + 90 + 220;
    expect(sleep.map((v) => [v.day, v.value])).toEqual([
      ["2026-01-01", night],
      ["2026-01-02", night],
      ["2026-01-03", night],
    ]);
    // Every hourly heartbeat counted once, on the device's own day (+01:00 moves the last hour of each UTC day on).
    expect(daily.values().filter((v) => v.metric === "heart_rate").reduce((n, v) => n + v.count, 0)).toBe(3 * 24);
  });

  it("reads Apple's dates with their offset", () => {
    expect(parseAppleDate("2024-01-05 07:31:00 +0100")!.toISOString()).toBe("2024-01-05T06:31:00.000Z");
    expect(parseAppleDate("2024-07-01 23:30:00 -0530")!.toISOString()).toBe("2024-07-02T05:00:00.000Z");
    expect(parseAppleDate("yesterday")).toBeNull();
  });

  it("cuts the internal DTD and control characters however the text is split", () => {
    const whole = [...appleExportXml({ days: 1, minutesPerReading: 720 })].join("");
    for (const size of [1, 7, 4096]) {
      const cleaner = createHealthXmlCleaner();
      let out = "";
      for (let i = 0; i < whole.length; i += size) out += cleaner.push(whole.slice(i, i + size));
      expect(out).not.toContain("<!DOCTYPE");
      expect(out).not.toContain("<!ATTLIST");
      expect(out).toMatch(/^<\?xml[^>]*>\s*<HealthData/);
      expect(out.includes("\u0000") || out.includes("\u0007")).toBe(false);
    }
  });

  it("says plainly when the file is not an Apple Health export, or not a zip", async () => {
    const other = await zipOf("other.zip", [["apple_health_export/export_cda.xml", "<ClinicalDocument/>"], ["notes.txt", "hello"]]);
    await expect(readAppleHealthZip(other, () => {})).rejects.toThrow(NotHealthExportError);
    const notZip = path.join(dir, "not-a-zip.zip");
    await fs.writeFile(notZip, "this is not a zip");
    await expect(readAppleHealthZip(notZip, () => {})).rejects.toThrow(/not a readable zip/);
    const broken = await zipOf("broken.zip", [["export.xml", `<?xml version="1.0"?><HealthData locale="en"><Record type="HKQuantityTypeIdentifierHeartRate" value="60" <Record`]]);
    await expect(readAppleHealthZip(broken, () => {})).rejects.toThrow(/damaged/);
  });
});
