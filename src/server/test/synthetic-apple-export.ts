import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";

/**
 * A synthetic Apple Health `export.zip` with the defects real ones have: the internal DTD that iOS 16 and later write
 * (attributes declared twice, elements undeclared), control characters inside attribute values, the export under a
 * localised name, a `export_cda.xml` beside it (another root), and `__MACOSX/` resource forks. The records are made up
 * (no real person's data): heart rate every `minutesPerReading`, one HRV (SDNN), resting heart rate, steps,
 * respiratory rate and SpO2 a day, and a night of sleep stages, for `days` days from `from`. Records are generated as
 * the zip is written, so a 1 GiB file needs no memory to speak of.
 */
export interface SyntheticAppleOptions {
  days: number;
  from?: Date;
  minutesPerReading?: number;
  /** The export's name inside the zip (Apple localises it). */
  exportName?: string;
  /** Adds junk heart-rate records (one per day, each ~`padBytes` of metadata) to reach a size for benchmarks. */
  padBytes?: number;
}

const DTD = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT InstantaneousBeatsPerMinute EMPTY>
]>
`;

const pad2 = (n: number) => String(n).padStart(2, "0");
/** Apple's date format, written at +01:00. */
export function appleDate(at: Date): string {
  const local = new Date(at.getTime() + 3600_000);
  return `${local.getUTCFullYear()}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())} ${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())} +0100`;
}

const record = (type: string, unit: string | null, value: string | number, start: Date, end: Date, source = "Ada\u0007’s Apple\u0000Watch") =>
  `<Record type="${type}" sourceName="${source}" sourceVersion="10.1" ${unit ? `unit="${unit}" ` : ""}creationDate="${appleDate(end)}" startDate="${appleDate(start)}" endDate="${appleDate(end)}" value="${value}"/>\n`;

/** The export.xml's text, piece by piece (a day at a time). */
export function* appleExportXml(options: SyntheticAppleOptions): Generator<string> {
  const from = options.from ?? new Date(Date.UTC(2026, 0, 1));
  const every = options.minutesPerReading ?? 60;
  yield DTD;
  yield `<HealthData locale="en_US">\n <ExportDate value="${appleDate(new Date(from.getTime() + options.days * 86_400_000))}"/>\n <Me HKCharacteristicTypeIdentifierDateOfBirth="1950-03-14"/>\n`;
  for (let d = 0; d < options.days; d++) {
    const day = new Date(from.getTime() + d * 86_400_000);
    const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000);
    let text = "";
    // A heartbeat that rises by day and falls by night, with a slow drift over weeks.
    for (let m = 0; m < 24 * 60; m += every) {
      const bpm = Math.round(62 + 14 * Math.sin(((m / 60 - 9) / 24) * 2 * Math.PI) + 4 * Math.sin(d / 9));
      text += record("HKQuantityTypeIdentifierHeartRate", "count/min", bpm, at(m), at(m));
    }
    text += record("HKQuantityTypeIdentifierRestingHeartRate", "count/min", 55 + (d % 5), at(8 * 60), at(8 * 60));
    text += record("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "ms", (42 + 6 * Math.sin(d / 5)).toFixed(3), at(7 * 60), at(7 * 60 + 1));
    text += record("HKQuantityTypeIdentifierStepCount", "count", 4000 + ((d * 977) % 6000), at(12 * 60), at(13 * 60));
    text += record("HKQuantityTypeIdentifierRespiratoryRate", "count/min", 14.5, at(3 * 60), at(3 * 60));
    text += record("HKQuantityTypeIdentifierOxygenSaturation", "%", 0.97, at(4 * 60), at(4 * 60));
    // The night before this day: 23:00 to 06:30, core, deep, REM and a short waking.
    const night = (minutes: number) => new Date(day.getTime() + minutes * 60_000);
    text += record("HKCategoryTypeIdentifierSleepAnalysis", null, "HKCategoryValueSleepAnalysisInBed", night(-60), night(6 * 60 + 30));
    text += record("HKCategoryTypeIdentifierSleepAnalysis", null, "HKCategoryValueSleepAnalysisAsleepCore", night(-45), night(60));
    text += record("HKCategoryTypeIdentifierSleepAnalysis", null, "HKCategoryValueSleepAnalysisAsleepDeep", night(60), night(150));
    text += record("HKCategoryTypeIdentifierSleepAnalysis", null, "HKCategoryValueSleepAnalysisAwake", night(150), night(160));
    text += record("HKCategoryTypeIdentifierSleepAnalysis", null, "HKCategoryValueSleepAnalysisAsleepREM", night(160), night(6 * 60 + 20));
    // A type we do not keep, with nested metadata.
    text += `<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="${appleDate(at(7 * 60))}" endDate="${appleDate(at(7 * 60))}" value="61.2">\n  <MetadataEntry key="HKWasUserEntered" value="1"/>\n </Record>\n`;
    if (options.padBytes) text += `<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Pad" unit="kg" startDate="${appleDate(at(7 * 60))}" endDate="${appleDate(at(7 * 60))}" value="61.2"><MetadataEntry key="pad" value="${"x".repeat(options.padBytes)}"/></Record>\n`;
    yield text;
  }
  yield "</HealthData>\n";
}

/** Writes the zip to `file`: the export under its (localised) name, the CDA twin, and macOS's resource forks. */
export async function writeSyntheticAppleExport(file: string, options: SyntheticAppleOptions): Promise<void> {
  const zip = new yazl.ZipFile();
  const name = options.exportName ?? "apple_health_export/Exportación.xml";
  zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Health Data</title></ClinicalDocument>\n`), "apple_health_export/export_cda.xml");
  zip.addReadStream(Readable.from(appleExportXml(options), { objectMode: false }), name);
  zip.addBuffer(Buffer.from([0, 5, 22, 7, 0, 2, 0, 0]), `__MACOSX/apple_health_export/._${name.split("/").pop()}`);
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(file));
}
