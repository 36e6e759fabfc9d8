import { baseName, type ExportFile } from "./export-files";
import { csvRows, delimiterOf, firstLine, normalizeHeader, numberCell } from "./csv-rows";
import { parseIsoMoment, type LocalMoment } from "./local-time";
import type { BiometricMetric, Reading } from "./metrics";

const SOURCE = "Oura Ring";

/**
 * The two Oura dialects. The web dashboard's trends CSV: commas, a `date` column, Title Case headers (renamed over
 * the years, one with a trailing space), durations in seconds. The Membership Hub's "App Data" files: semicolons,
 * the API's snake_case fields, JSON inside some cells. Oura's HRV is RMSSD; "Lowest Resting Heart Rate" is what the
 * Oura app calls resting heart rate.
 */
const TRENDS: { metric: BiometricMetric; columns: string[]; scale?: number }[] = [
  { metric: "resting_heart_rate", columns: ["lowest resting heart rate"] },
  { metric: "hrv_rmssd", columns: ["average hrv"] },
  { metric: "respiratory_rate", columns: ["respiratory rate"] },
  { metric: "sleep_minutes", columns: ["total sleep duration", "total sleep time"], scale: 1 / 60 },
  { metric: "steps", columns: ["steps"] },
];
const APP_FILES = new Set(["sleepmodel.csv", "dailyactivity.csv", "heartrate.csv", "dailyspo2.csv"]);

/** Whether a header line is Oura's trends CSV. */
export function isOuraTrendsHeader(header: string): boolean {
  const columns = header.split(delimiterOf(header)).map((c) => normalizeHeader(c.replace(/^"|"$/g, "")));
  return columns.includes("date") && TRENDS.some((t) => t.columns.some((c) => columns.includes(c)));
}

export const isOuraAppFile = (name: string) => APP_FILES.has(baseName(name).toLowerCase());

/** The Oura files among an export's: App Data files by name, trends CSVs by their header. */
export async function ouraFiles(files: ExportFile[]): Promise<ExportFile[]> {
  const found: ExportFile[] = [];
  for (const file of files) {
    if (isOuraAppFile(file.name)) found.push(file);
    else if (/\.csv$/i.test(file.name) && isOuraTrendsHeader(await firstLine(file))) found.push(file);
  }
  return found;
}

export async function readOura(files: ExportFile[], onReading: (reading: Reading) => void, onBytes: (bytes: number) => void): Promise<{ records: number; kept: number }> {
  let records = 0;
  let kept = 0;
  const emit = (metric: BiometricMetric, moment: LocalMoment, value: number, extra: Partial<Reading> = {}) => {
    kept++;
    onReading({ metric, start: moment.at, end: moment.at, value, source: SOURCE, day: moment.day, minuteOfDay: moment.minute, ...extra });
  };
  for (const file of files) {
    const name = baseName(file.name).toLowerCase();
    const delimiter = delimiterOf(await firstLine(file));
    for await (const row of csvRows(file, delimiter)) {
      records++;
      if (name === "sleepmodel.csv") {
        if (row.type === "deleted") continue;
        const day = parseIsoMoment(row.day, 0);
        const end = parseIsoMoment(row.bedtime_end, 0);
        const start = parseIsoMoment(row.bedtime_start, 0);
        if (!day) continue;
        const minutes = numberCell(row.total_sleep_duration);
        if (minutes !== null && minutes > 0 && start && end) {
          kept++;
          onReading({ metric: "sleep_minutes", start: start.at, end: end.at, value: minutes / 60, source: SOURCE, day: day.day, minuteOfDay: end.minute, stage: "asleep" });
        }
        // The night's figures come from the main sleep only, not from naps.
        if (row.type && row.type !== "long_sleep") continue;
        const at = end ?? day;
        for (const [metric, column] of [
          ["hrv_rmssd", "average_hrv"],
          ["resting_heart_rate", "lowest_heart_rate"],
          ["respiratory_rate", "average_breath"],
        ] as const) {
          const value = numberCell(row[column]);
          if (value !== null && value > 0) emit(metric, { ...at, day: day.day }, value);
        }
      } else if (name === "dailyactivity.csv") {
        const day = parseIsoMoment(row.day, 0);
        const steps = numberCell(row.steps);
        if (day && steps !== null && steps > 0) emit("steps", day, steps);
      } else if (name === "heartrate.csv") {
        const moment = parseIsoMoment(row.timestamp, 0);
        const bpm = numberCell(row.bpm);
        if (moment && bpm !== null && bpm > 0) emit("heart_rate", moment, bpm);
      } else if (name === "dailyspo2.csv") {
        const day = parseIsoMoment(row.day, 0);
        const average = spo2Average(row.spo2_percentage);
        if (day && average !== null && average > 50 && average <= 100) emit("spo2", day, average);
      } else {
        // The trends CSV: one row per day.
        const day = parseIsoMoment(row.date, 0);
        if (!day) continue;
        const end = parseIsoMoment(row["bedtime end"], 0);
        for (const { metric, columns, scale } of TRENDS) {
          const value = columns.map((c) => numberCell(row[c])).find((v) => v !== null) ?? null;
          if (value === null || value <= 0) continue;
          if (metric === "sleep_minutes") {
            kept++;
            onReading({ metric, start: (end ?? day).at, end: (end ?? day).at, value: value * (scale ?? 1), source: SOURCE, day: day.day, minuteOfDay: (end ?? day).minute, stage: "asleep" });
          } else emit(metric, { ...(end ?? day), day: day.day }, value * (scale ?? 1));
        }
      }
    }
    onBytes(file.size);
  }
  return { records, kept };
}

/** `{"average": 96.1}` in a cell (the API's object), or a bare number. */
function spo2Average(cell: string | undefined): number | null {
  const direct = numberCell(cell);
  if (direct !== null) return direct;
  try {
    const parsed = JSON.parse(cell ?? "") as { average?: unknown };
    const n = Number(parsed?.average);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}
