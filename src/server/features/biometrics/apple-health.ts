import { StringDecoder } from "node:string_decoder";
import type { Readable } from "node:stream";
import { SaxesParser } from "saxes";
import { createHealthXmlCleaner, NotHealthExportError } from "./apple-health-xml";
import { createXmlBounds } from "./xml-bounds";
import { NotAZipError, withZipFiles, type ExportFile } from "./export-files";
import { localDayAndMinute } from "./daily-aggregate";
import type { BiometricMetric, Reading } from "./metrics";

/** Apple's quantity types we keep, and how a value becomes ours (SpO2 is a fraction in the export). */
const QUANTITIES: Record<string, { metric: BiometricMetric; scale?: number }> = {
  HKQuantityTypeIdentifierHeartRate: { metric: "heart_rate" },
  HKQuantityTypeIdentifierRestingHeartRate: { metric: "resting_heart_rate" },
  HKQuantityTypeIdentifierHeartRateVariabilitySDNN: { metric: "hrv_sdnn" },
  HKQuantityTypeIdentifierStepCount: { metric: "steps" },
  HKQuantityTypeIdentifierRespiratoryRate: { metric: "respiratory_rate" },
  HKQuantityTypeIdentifierOxygenSaturation: { metric: "spo2", scale: 100 },
};
const SLEEP = "HKCategoryTypeIdentifierSleepAnalysis";
const SLEEP_STAGES: Record<string, string> = {
  HKCategoryValueSleepAnalysisInBed: "in bed",
  HKCategoryValueSleepAnalysisAsleep: "asleep",
  HKCategoryValueSleepAnalysisAsleepUnspecified: "asleep",
  HKCategoryValueSleepAnalysisAsleepCore: "core",
  HKCategoryValueSleepAnalysisAsleepDeep: "deep",
  HKCategoryValueSleepAnalysisAsleepREM: "rem",
  HKCategoryValueSleepAnalysisAwake: "awake",
};

/** "2024-01-05 07:31:00 +0100" (Apple's format) as a moment; null when it is not one. */
export function parseAppleDate(text: string | undefined): Date | null {
  const m = text ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text.trim()) : null;
  if (!m) return null;
  const offsetMinutes = (m[7] === "-" ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]));
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) - offsetMinutes * 60_000;
  return Number.isFinite(utc) ? new Date(utc) : null;
}

/** One `<Record>` as a reading we keep, or null (another type, or a value that does not parse). */
export function readingOfRecord(attributes: Record<string, string>): Reading | null {
  const type = attributes.type ?? "";
  const start = parseAppleDate(attributes.startDate);
  const end = parseAppleDate(attributes.endDate);
  if (!start || !end) return null;
  const source = (attributes.sourceName ?? "Apple Health").slice(0, 200);
  if (type === SLEEP) {
    const stage = SLEEP_STAGES[attributes.value ?? ""];
    const minutes = (end.getTime() - start.getTime()) / 60_000;
    // A night belongs to the day it ends on.
    const local = localDayAndMinute(attributes.endDate!)!;
    return stage && minutes > 0 && minutes < 24 * 60 ? { metric: "sleep_minutes", start, end, value: minutes, source, stage, day: local.day, minuteOfDay: local.minute } : null;
  }
  const kind = QUANTITIES[type];
  if (!kind) return null;
  const value = Number(attributes.value) * (kind.scale ?? 1);
  const local = localDayAndMinute(attributes.startDate!)!;
  return Number.isFinite(value) ? { metric: kind.metric, start, end, value, source, day: local.day, minuteOfDay: local.minute } : null;
}

/** Whether a file is worth looking into: an XML file, not the clinical-records twin (folders and macOS forks are already out). */
const candidate = (name: string) => !/export_cda\.xml$/i.test(name) && /\.xml$/i.test(name);

/**
 * Reads an Apple Health export among a zip's files and calls `onReading` for every reading we keep, in file order.
 * The export is found by what it holds (the first XML whose root is `<HealthData>`, largest first), not by its name,
 * which Apple localises. The XML is read as a stream, so memory stays flat whatever the size; `onProgress` gets the
 * share of the export read (0–1). Throws NotHealthExportError when no file is an Apple Health export.
 */
export async function readAppleHealth(files: ExportFile[], onReading: (reading: Reading) => void, onProgress: (share: number) => void = () => {}): Promise<{ records: number; kept: number }> {
  // The largest first: export.xml is by far the biggest XML in an export.
  const entries = files.filter((f) => candidate(f.name)).sort((a, b) => b.size - a.size);
  for (const entry of entries) {
    const result = await parseIfHealthData(await entry.open(), entry.size, onReading, onProgress);
    if (result) return result;
  }
  throw new NotHealthExportError("the zip holds no Apple Health export (no XML file whose root is <HealthData>)");
}

/** `readAppleHealth` over a zip file on disk. */
export async function readAppleHealthZip(file: string, onReading: (reading: Reading) => void, onProgress: (share: number) => void = () => {}): Promise<{ records: number; kept: number }> {
  try {
    return await withZipFiles(file, (files) => readAppleHealth(files, onReading, onProgress));
  } catch (error) {
    if (error instanceof NotAZipError) throw new NotHealthExportError(`not a readable zip file (${error.message})`);
    throw error;
  }
}

/** Nesting of elements in export.xml (a bound, like those in reader-bounds.ts): Apple's go three deep. */
const MAX_DEPTH = 32;

/** Parses one entry if it is the export; null (having read only its start) when it is some other XML. */
async function parseIfHealthData(stream: Readable, size: number, onReading: (reading: Reading) => void, onProgress: (share: number) => void): Promise<{ records: number; kept: number } | null> {
  const decoder = new StringDecoder("utf8");
  const cleaner = createHealthXmlCleaner();
  // Every piece is measured before saxes buffers it (its strings have no limit of their own).
  const bounds = createXmlBounds();
  const parser = new SaxesParser();
  let records = 0;
  let kept = 0;
  let sawRoot = false;
  let failure: Error | null = null;
  let depth = 0;
  parser.on("closetag", () => {
    depth--;
  });
  parser.on("opentag", (tag) => {
    // Apple's records nest three deep (HealthData, Record, MetadataEntry); a file nesting far deeper is not an export.
    if (++depth > MAX_DEPTH) failure ??= new NotHealthExportError("its elements nest deeper than an export's");
    if (!sawRoot) {
      sawRoot = true;
      if (tag.name !== "HealthData") failure = new NotHealthExportError(`the root element is <${tag.name}>`);
      return;
    }
    if (tag.name !== "Record") return;
    records++;
    const reading = readingOfRecord(tag.attributes as Record<string, string>);
    if (reading) {
      kept++;
      onReading(reading);
    }
  });
  parser.on("error", (error) => {
    failure ??= error;
  });
  let read = 0;
  let lastShare = 0;
  try {
    for await (const chunk of stream) {
      read += (chunk as Buffer).length;
      let text: string;
      try {
        text = cleaner.push(decoder.write(chunk as Buffer));
      } catch (error) {
        if (error instanceof NotHealthExportError) return null; // another XML: leave it
        throw error;
      }
      if (text) {
        bounds.check(text);
        parser.write(text);
      }
      if (failure) break;
      const share = size > 0 ? read / size : 0;
      if (share - lastShare >= 0.01) {
        lastShare = share;
        onProgress(Math.min(1, share));
      }
    }
    if (!sawRoot) return null;
    if (!failure) {
      const rest = cleaner.push(decoder.end());
      bounds.check(rest);
      parser.write(rest).close();
    }
  } finally {
    stream.destroy();
  }
  // Set inside the parser's callbacks, which TypeScript's flow analysis does not follow.
  const failed = failure as Error | null;
  if (failed) {
    if (failed instanceof NotHealthExportError && records === 0) return null;
    throw new NotHealthExportError(`the export's XML is damaged (${failed.message})`);
  }
  onProgress(1);
  return { records, kept };
}
