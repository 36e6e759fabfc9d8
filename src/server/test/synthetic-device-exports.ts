import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";

/**
 * Synthetic Fitbit / Google Takeout and Oura exports with the defects real ones have (no real person's data). Every
 * figure is a simple function of the day, so a test can compute what the import must store.
 */
export interface SyntheticDeviceOptions {
  days: number;
  /** The first local day. */
  from?: string;
  /** The wearer's offset east of UTC, in minutes (Fitbit writes intraday times in UTC and the rest in local time). */
  offsetMinutes?: number;
}

const DAY_MS = 86_400_000;
const pad2 = (n: number) => String(n).padStart(2, "0");
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Fitbit's "MM/DD/YY HH:MM:SS" of a UTC instant (or of a wall clock given as UTC fields). */
const fitbitDateTime = (ms: number) => {
  const d = new Date(ms);
  return `${pad2(d.getUTCMonth() + 1)}/${pad2(d.getUTCDate())}/${String(d.getUTCFullYear()).slice(2)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
};
const naive = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** The figures of day `d` (0-based) that the generators write. */
export const syntheticDay = {
  heartRate: (d: number, minute: number) => 60 + (minute % 7) + (d % 3),
  resting: (d: number) => 54 + (d % 4),
  rmssd: (d: number) => 38 + (d % 6),
  asleepMinutes: (d: number) => 400 + (d % 5) * 10,
  stepsPerActiveMinute: 100,
  activeMinutes: (d: number) => 30 + (d % 10),
  spo2: (d: number) => 95 + (d % 3),
  respiratory: 14.2,
};

/**
 * A Google Takeout of Fitbit data: the JSON "Global Export Data" files (heart rate every 5 minutes a day per file in
 * UTC, steps per minute in 30-day files in UTC, resting heart rate with a day written as {"date": null, "value": 0},
 * sleep in 30-day files in local time, newest first, with the night on a boundary in both files) and the CSV folders
 * (HRV daily summaries with the irregular "(DD)" file name, minute SpO2 with the 50.0 placeholder in about one row in
 * seven, daily respiratory rate), a broken JSON file, and a readme.
 */
export async function writeSyntheticFitbitExport(file: string, options: SyntheticDeviceOptions): Promise<void> {
  const from = Date.parse(`${options.from ?? "2026-01-01"}T00:00:00Z`);
  const offset = (options.offsetMinutes ?? 0) * 60_000;
  const root = "Takeout/Fitbit/Global Export Data";
  const zip = new yazl.ZipFile();
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text), name);
  add("Takeout/archive_browser.html", "<html><body>Archive</body></html>");
  for (let d = 0; d < options.days; d++) {
    const localMidnight = from + d * DAY_MS;
    const day = isoDay(localMidnight);
    const heart = [];
    for (let m = 0; m < 24 * 60; m += 5) heart.push({ dateTime: fitbitDateTime(localMidnight - offset + m * 60_000 + 7000), value: { bpm: syntheticDay.heartRate(d, m), confidence: 2 } });
    add(`${root}/heart_rate-${day}.json`, JSON.stringify(heart));
  }
  for (let chunk = 0; chunk * 30 < options.days; chunk++) {
    const steps = [];
    const sleeps = [];
    const resting = [];
    for (let d = chunk * 30; d < Math.min(options.days, chunk * 30 + 30); d++) {
      const localMidnight = from + d * DAY_MS;
      const day = isoDay(localMidnight);
      for (let m = 0; m < syntheticDay.activeMinutes(d); m++) steps.push({ dateTime: fitbitDateTime(localMidnight - offset + (12 * 60 + m) * 60_000), value: String(syntheticDay.stepsPerActiveMinute) });
      steps.push({ dateTime: fitbitDateTime(localMidnight - offset + 20 * 3600_000), value: "0" });
      resting.push({ dateTime: fitbitDateTime(localMidnight), value: d % 11 === 5 ? { date: null, value: 0.0, error: 0.0 } : { date: fitbitDateTime(localMidnight).slice(0, 8), value: syntheticDay.resting(d) + 0.0123, error: 6.7 } });
      const end = localMidnight + 6 * 3600_000 + 40 * 60_000;
      sleeps.unshift({
        logId: 40_000_000_000 + d,
        dateOfSleep: day,
        startTime: `${naive(localMidnight - 50 * 60_000)}.000`,
        endTime: `${naive(end)}.000`,
        duration: (end - (localMidnight - 50 * 60_000)) * 1,
        minutesAsleep: syntheticDay.asleepMinutes(d),
        minutesAwake: 30,
        type: "stages",
        levels: { summary: { deep: { count: 3, minutes: 80 } }, data: [{ dateTime: naive(localMidnight), level: "light", seconds: 900 }], shortData: [] },
        mainSleep: true,
      });
    }
    const start = isoDay(from + chunk * 30 * DAY_MS);
    add(`${root}/steps-${start}.json`, JSON.stringify(steps));
    add(`${root}/resting_heart_rate-${start}.json`, JSON.stringify(resting));
    // The first night of the next chunk is in this file too (a boundary night), and the nights run newest first.
    const next = chunk * 30 + 30 < options.days ? [{ ...sleeps[0], logId: 40_000_000_000 + chunk * 30 + 30, dateOfSleep: isoDay(from + (chunk * 30 + 30) * DAY_MS), minutesAsleep: syntheticDay.asleepMinutes(chunk * 30 + 30) }] : [];
    add(`${root}/sleep-${start}.json`, JSON.stringify([...next, ...sleeps]));
  }
  add(`${root}/heart_rate-2020-02-30.json`, '[{"dateTime":"02/30/20 00:00:05","value":{"bpm":'); // cut off mid-file
  const hrv = ["timestamp,rmssd,nremhr,entropy"];
  const spo2 = ["timestamp,value"];
  const respiratory = ["timestamp,daily_respiratory_rate"];
  for (let d = 0; d < options.days; d++) {
    const localMidnight = from + d * DAY_MS;
    hrv.push(`${naive(localMidnight)},${syntheticDay.rmssd(d)},52.1,2.4`);
    respiratory.push(`${naive(localMidnight)},${syntheticDay.respiratory}`);
    for (let m = 0; m < 21; m++) spo2.push(`${new Date(localMidnight - offset + (3 * 60 + m) * 60_000).toISOString().slice(0, 19)}Z,${m % 7 === 3 ? "50.0" : syntheticDay.spo2(d)}`);
  }
  add(`Takeout/Fitbit/Heart Rate Variability/Daily Heart Rate Variability Summary - ${(options.from ?? "2026-01-01").slice(0, 7)}-(${(options.from ?? "2026-01-01").slice(8)}).csv`, `${hrv.join("\n")}\n`);
  add(`Takeout/Fitbit/Oxygen Saturation (SpO2)/Minute SpO2 - ${options.from ?? "2026-01-01"}.csv`, `${spo2.join("\r\n")}\r\n`);
  add(`Takeout/Fitbit/Oxygen Saturation (SpO2)/Minute SpO2 README.txt`, "Minute SpO2\n");
  add(`Takeout/Fitbit/Heart Rate Variability/Daily Respiratory Rate Summary - ${options.from ?? "2026-01-01"}.csv`, `${respiratory.join("\n")}\n`);
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(file));
}

/**
 * Oura's trends CSV from the web dashboard: a byte-order mark, "Sleep Timing" twice, "Total Bedtime " with its trailing
 * space, durations in seconds, bedtimes with the local offset, an empty cell for a night without HRV.
 */
export function syntheticOuraTrendsCsv(options: SyntheticDeviceOptions): string {
  const from = Date.parse(`${options.from ?? "2026-01-01"}T00:00:00Z`);
  const lines = ["\uFEFFdate,Sleep Score,Total Bedtime ,Total Sleep Duration,Sleep Timing,Sleep Timing,Bedtime Start,Bedtime End,Average Resting Heart Rate,Lowest Resting Heart Rate,Average HRV,Respiratory Rate,Steps"];
  for (let d = 0; d < options.days; d++) {
    const day = isoDay(from + d * DAY_MS);
    const before = isoDay(from + (d - 1) * DAY_MS);
    lines.push(
      [day, 80, 28_000, syntheticDay.asleepMinutes(d) * 60, 90, "", `${before}T23:10:00-05:00`, `${day}T06:55:00-05:00`, 58.4, syntheticDay.resting(d), d % 9 === 4 ? "" : syntheticDay.rmssd(d), 14.1, 7000 + d].join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Oura's Membership Hub "App Data" export: semicolon files with JSON inside cells, a deleted sleep, a nap. */
export async function writeSyntheticOuraAppData(file: string, options: SyntheticDeviceOptions): Promise<void> {
  const from = Date.parse(`${options.from ?? "2026-01-01"}T00:00:00Z`);
  const zip = new yazl.ZipFile();
  const sleep = ["id;average_breath;average_heart_rate;average_hrv;bedtime_end;bedtime_start;day;lowest_heart_rate;total_sleep_duration;type"];
  const activity = ['id;class_5_min;day;score;steps;contributors'];
  const spo2 = ["id;day;spo2_percentage"];
  for (let d = 0; d < options.days; d++) {
    const day = isoDay(from + d * DAY_MS);
    const before = isoDay(from + (d - 1) * DAY_MS);
    sleep.push(`s${d};14.5;57.1;${syntheticDay.rmssd(d)};${day}T07:00:00+02:00;${before}T23:30:00+02:00;${day};${syntheticDay.resting(d)};${syntheticDay.asleepMinutes(d) * 60};long_sleep`);
    if (d % 4 === 0) sleep.push(`n${d};15;70;20;${day}T15:30:00+02:00;${day}T15:00:00+02:00;${day};66;1800;late_nap`);
    if (d % 6 === 0) sleep.push(`x${d};15;70;99;${day}T09:00:00+02:00;${day}T08:00:00+02:00;${day};40;3600;deleted`);
    activity.push(`a${d};"0001112";${day};80;${7000 + d};"{""meet_daily_targets"": 90, ""stay_active"": 70}"`);
    spo2.push(`o${d};${day};"{""average"": ${syntheticDay.spo2(d)}}"`);
  }
  zip.addBuffer(Buffer.from(`${sleep.join("\n")}\n`), "App Data/sleepmodel.csv");
  zip.addBuffer(Buffer.from(`${activity.join("\n")}\n`), "App Data/dailyactivity.csv");
  zip.addBuffer(Buffer.from(`${spo2.join("\n")}\n`), "App Data/dailyspo2.csv");
  zip.addBuffer(Buffer.from("Oura data export\n"), "README.txt");
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(file));
}
