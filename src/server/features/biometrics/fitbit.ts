import { baseName, readText, type ExportFile } from "./export-files";
import { csvRows, delimiterOf, firstLine, numberCell } from "./csv-rows";
import { fromInstant, parseFitbitDateTime, parseIsoMoment, wallClock, type LocalMoment } from "./local-time";
import type { BiometricMetric, Reading } from "./metrics";
import { checkJsonBounds } from "./reader-bounds";

const DEFAULT_SOURCE = "Fitbit";
const DAY_MS = 86_400_000;

/**
 * The files of a Fitbit export we read, by name (the JSON "Global Export Data" dialect, the older CSV folders and
 * Google's newer "_GoogleData" CSVs). Other files (calories, distance, exercise, readmes) are skipped.
 */
const KINDS = {
  heartRateJson: /^heart_rate-(\d{4}-\d{2}-\d{2})\.json$/,
  stepsJson: /^steps-\d{4}-\d{2}-\d{2}\.json$/,
  restingJson: /^resting_heart_rate-\d{4}-\d{2}-\d{2}\.json$/,
  sleepJson: /^sleep-\d{4}-\d{2}-\d{2}\.json$/,
  hrvDailyCsv: /^Daily Heart Rate Variability Summary - .*\.csv$/,
  respiratoryCsv: /^Daily Respiratory Rate Summary - .*\.csv$/,
  spo2MinuteCsv: /^Minute SpO2 - .*\.csv$/,
  spo2DailyCsv: /^Daily SpO2 - .*\.csv$/,
  heartRateCsv: /^heart_rate_(\d{4}-\d{2}-\d{2})\.csv$/,
  oxygenCsv: /^oxygen_saturation_\d{4}-\d{2}-\d{2}\.csv$/,
  restingCsv: /^daily_resting_heart_rate.*\.csv$/,
  hrvCsv: /^daily_heart_rate_variability.*\.csv$/,
  respiratoryGoogleCsv: /^daily_respiratory_rate.*\.csv$/,
} as const;
type Kind = keyof typeof KINDS;

export const fitbitKindOf = (name: string): Kind | null => {
  const base = baseName(name);
  for (const [kind, pattern] of Object.entries(KINDS)) if (pattern.test(base)) return kind as Kind;
  return null;
};

/** Whether a list of files is a Fitbit export: at least one file we know by name. */
export const isFitbitExport = (files: ExportFile[]) => files.some((f) => fitbitKindOf(f.name) !== null);

/**
 * Fitbit writes intraday heart rate and steps in UTC with no marker, but names each heart-rate file after the
 * wearer's local day, which it covers midnight to midnight. So a file worn around the clock tells the wearer's offset:
 * its local midnight is its first reading. The median over such days (rounded to 15 minutes) places the other UTC
 * files' readings on local days; without any, UTC is used (docs/formulas.md, "Biometrics").
 */
export function estimateOffsetMinutes(estimates: number[]): number {
  if (estimates.length === 0) return 0;
  const sorted = [...estimates].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return Math.max(-14 * 60, Math.min(14 * 60, Math.round(median / 15) * 15));
}

/** A file's offset estimate from its day and its first and last instant; null unless it covers at least 23 hours. */
function offsetEstimate(day: string, first: number, last: number): number | null {
  if (last - first < 23 * 3600_000) return null;
  return (Date.parse(`${day}T00:00:00Z`) - first) / 60_000;
}

const utcOf = (parts: [number, number, number, number, number, number]) => Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]);
const utcMinuteOfDay = (ms: number) => Math.floor((((ms % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);

/** SpO2 rows Fitbit could not measure are written as exactly 50.0 (every value under 70 is); they are dropped. */
export const isSpo2Placeholder = (value: number) => value <= 50 || value > 100;

export interface ReadProgress {
  (bytes: number): void;
}

/**
 * Reads a Fitbit / Google Takeout export: heart rate, resting heart rate, HRV (RMSSD), sleep, steps, respiratory rate
 * and SpO2. Heart-rate files come first, to learn the wearer's UTC offset (see `estimateOffsetMinutes`).
 */
export async function readFitbit(files: ExportFile[], onReading: (reading: Reading) => void, onBytes: ReadProgress): Promise<{ records: number; kept: number }> {
  const known = files.map((file) => ({ file, kind: fitbitKindOf(file.name) })).filter((f): f is { file: ExportFile; kind: Kind } => f.kind !== null);
  const order = (kind: Kind) => (kind === "heartRateJson" || kind === "heartRateCsv" ? 0 : 1);
  known.sort((a, b) => order(a.kind) - order(b.kind));
  const hasMinuteSpo2 = known.some((f) => f.kind === "spo2MinuteCsv" || f.kind === "oxygenCsv");
  const estimates: number[] = [];
  let offset = 0;
  let offsetKnown = false;
  const sleepLogs = new Set<string>();
  let records = 0;
  let kept = 0;
  const emit = (metric: BiometricMetric, moment: LocalMoment, value: number, source = DEFAULT_SOURCE, extra: Partial<Reading> = {}) => {
    kept++;
    onReading({ metric, start: moment.at, end: moment.at, value, source: source || DEFAULT_SOURCE, day: moment.day, minuteOfDay: moment.minute, ...extra });
  };
  // A daily figure: the day as written, at local midnight.
  const daily = (day: string | undefined): LocalMoment | null => (day ? parseIsoMoment(day.slice(0, 10), offset) : null);

  for (const { file, kind } of known) {
    if (order(kind) === 1 && !offsetKnown) {
      offset = estimateOffsetMinutes(estimates);
      offsetKnown = true;
    }
    if (kind === "heartRateJson") {
      const day = KINDS.heartRateJson.exec(baseName(file.name))![1]!;
      const rows = await jsonArray(file);
      let first = Infinity;
      let last = -Infinity;
      for (const row of rows) {
        records++;
        const parts = parseFitbitDateTime((row as { dateTime?: unknown }).dateTime);
        const bpm = Number((row as { value?: { bpm?: unknown } }).value?.bpm);
        if (!parts || !Number.isFinite(bpm) || bpm <= 0) continue;
        const at = utcOf(parts);
        first = Math.min(first, at);
        last = Math.max(last, at);
        // The file is the local day; the UTC minute only tells two readings of one minute apart.
        emit("heart_rate", { at: new Date(at), day, minute: utcMinuteOfDay(at) }, bpm);
      }
      const estimate = offsetEstimate(day, first, last);
      if (estimate !== null) estimates.push(estimate);
    } else if (kind === "heartRateCsv") {
      const day = KINDS.heartRateCsv.exec(baseName(file.name))![1]!;
      let first = Infinity;
      let last = -Infinity;
      for await (const row of csvRows(file, ",")) {
        records++;
        // Google's files write "…Z"; one without a zone is read as UTC too (Date.parse would use the server's zone).
        const at = parseIsoMoment(row.timestamp, 0)?.at.getTime() ?? NaN;
        const bpm = numberCell(row["beats per minute"]);
        if (!Number.isFinite(at) || bpm === null || bpm <= 0) continue;
        first = Math.min(first, at);
        last = Math.max(last, at);
        emit("heart_rate", { at: new Date(at), day, minute: utcMinuteOfDay(at) }, bpm, row["data source"] || DEFAULT_SOURCE);
      }
      const estimate = offsetEstimate(day, first, last);
      if (estimate !== null) estimates.push(estimate);
    } else if (kind === "stepsJson") {
      for (const row of await jsonArray(file)) {
        records++;
        const parts = parseFitbitDateTime((row as { dateTime?: unknown }).dateTime);
        const steps = Number((row as { value?: unknown }).value);
        // A minute without steps is not worth a reading (and a day never worn stays "no data", not 0).
        if (!parts || !Number.isFinite(steps) || steps <= 0) continue;
        emit("steps", fromInstant(new Date(utcOf(parts)), offset), steps);
      }
    } else if (kind === "restingJson") {
      for (const row of await jsonArray(file)) {
        records++;
        const value = (row as { value?: { date?: unknown; value?: unknown } }).value;
        const parts = parseFitbitDateTime(value?.date);
        const bpm = Number(value?.value);
        // A day without a value is written as {"date": null, "value": 0.0}.
        if (!parts || !Number.isFinite(bpm) || bpm <= 0) continue;
        const moment = wallClock(parts[0], parts[1], parts[2], 0, 0, 0, offset);
        if (moment) emit("resting_heart_rate", moment, bpm);
      }
    } else if (kind === "sleepJson") {
      for (const row of await jsonArray(file)) {
        records++;
        const log = row as { logId?: unknown; dateOfSleep?: unknown; startTime?: unknown; endTime?: unknown; minutesAsleep?: unknown };
        const id = String(log.logId ?? "");
        // A night on the boundary of two monthly files is in both.
        if (!id || sleepLogs.has(id)) continue;
        const start = parseIsoMoment(String(log.startTime ?? ""), offset);
        const end = parseIsoMoment(String(log.endTime ?? ""), offset);
        const minutes = Number(log.minutesAsleep);
        const day = typeof log.dateOfSleep === "string" && /^\d{4}-\d{2}-\d{2}$/.test(log.dateOfSleep) ? log.dateOfSleep : end?.day;
        if (!start || !end || !day || !Number.isFinite(minutes) || minutes <= 0 || minutes >= 24 * 60) continue;
        sleepLogs.add(id);
        kept++;
        onReading({ metric: "sleep_minutes", start: start.at, end: end.at, value: minutes, source: DEFAULT_SOURCE, day, minuteOfDay: end.minute, stage: "asleep" });
      }
    } else {
      // The CSV files: a timestamp column and one value column each.
      const spec = CSV_VALUES[kind];
      if (!spec || (kind === "spo2DailyCsv" && hasMinuteSpo2)) {
        onBytes(file.size);
        continue;
      }
      const delimiter = delimiterOf(await firstLine(file));
      for await (const row of csvRows(file, delimiter)) {
        records++;
        const value = spec.columns.map((c) => numberCell(row[c])).find((v) => v !== null) ?? null;
        const moment = spec.daily ? daily(row.timestamp) : parseIsoMoment(row.timestamp, offset);
        if (value === null || !moment || value <= 0) continue;
        if (spec.metric === "spo2" && isSpo2Placeholder(value)) continue;
        emit(spec.metric, moment, value, row["data source"] || DEFAULT_SOURCE);
      }
    }
    onBytes(file.size);
  }
  return { records, kept };
}

/** The value column(s) of each CSV file, and whether its timestamp is a day rather than a moment. */
const CSV_VALUES: Partial<Record<Kind, { metric: BiometricMetric; columns: string[]; daily: boolean }>> = {
  hrvDailyCsv: { metric: "hrv_rmssd", columns: ["rmssd"], daily: true },
  respiratoryCsv: { metric: "respiratory_rate", columns: ["daily_respiratory_rate"], daily: true },
  spo2MinuteCsv: { metric: "spo2", columns: ["value"], daily: false },
  spo2DailyCsv: { metric: "spo2", columns: ["average_value"], daily: true },
  oxygenCsv: { metric: "spo2", columns: ["oxygen saturation percentage"], daily: false },
  restingCsv: { metric: "resting_heart_rate", columns: ["beats per minute"], daily: true },
  hrvCsv: { metric: "hrv_rmssd", columns: ["average heart rate variability milliseconds"], daily: true },
  respiratoryGoogleCsv: { metric: "respiratory_rate", columns: ["breaths per minute"], daily: true },
};

/**
 * A JSON file holding an array (Fitbit's every JSON file); anything else is an empty list. Files are days or months;
 * one larger, or holding more values, than a device writes ends the import (reader-bounds.ts) before it is parsed.
 */
async function jsonArray(file: ExportFile): Promise<unknown[]> {
  const text = await readText(file);
  checkJsonBounds(text);
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
