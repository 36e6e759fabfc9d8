import type { BiometricMetric, Reading } from "./metrics";

/** Metrics whose day is a total (steps taken, minutes asleep); the others are a mean of their readings. */
const SUMMED: ReadonlySet<BiometricMetric> = new Set(["steps", "sleep_minutes"]);
/** Sleep stages that count as asleep (being in bed, or awake in the night, does not). */
const ASLEEP = new Set(["asleep", "core", "deep", "rem"]);

export interface DailyValue {
  source: string;
  metric: BiometricMetric;
  /** The calendar day in the device's own time, YYYY-MM-DD. */
  day: string;
  /** The day's total (steps, sleep minutes) or mean; the lowest and highest reading; how many readings. */
  value: number;
  min: number;
  max: number;
  count: number;
}

interface Bucket {
  sum: number;
  min: number;
  max: number;
  count: number;
  /** Which minutes of the day already have a reading (1,440 bits): an export that lists one twice counts it once. */
  minutes: Uint8Array;
}

/**
 * Daily aggregates per source and metric, built one reading at a time in memory proportional to the number of days
 * (a bucket is about 200 bytes: five years of eight metrics from two devices is under 6 MB), whatever the number of
 * readings. A reading that starts in a minute this source already reported for this metric is a duplicate and is
 * skipped. Sleep counts the asleep stages only, on the day the night ends.
 */
export function createDailyAggregator() {
  const buckets = new Map<string, Bucket>();
  let duplicates = 0;
  // A parser's attribute values are slices of the text chunk they were read from, and a string built from a slice
  // keeps the whole chunk alive: a key per day would hold one chunk per day (over 100 MB for a 1 GiB export). Each
  // distinct day and device name is copied once into a string of its own, and keys are built from the copies.
  const owned = new Map<string, string>();
  const own = (text: string) => {
    let copy = owned.get(text);
    if (copy === undefined) {
      copy = Buffer.from(text, "utf8").toString("utf8");
      owned.set(copy, copy);
    }
    return copy;
  };
  return {
    add(reading: Reading): void {
      const { minuteOfDay } = reading;
      if (reading.metric === "sleep_minutes" && !ASLEEP.has(reading.stage ?? "")) return;
      const key = `${own(reading.source)}\u0000${reading.metric}\u0000${own(reading.day)}`;
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = { sum: 0, min: Infinity, max: -Infinity, count: 0, minutes: new Uint8Array(180) }));
      // Sleep stages are spans, several of which may start in one minute; only point readings are deduplicated.
      if (reading.metric !== "sleep_minutes") {
        const byte = minuteOfDay >> 3;
        const bit = 1 << (minuteOfDay & 7);
        if (bucket.minutes[byte]! & bit) {
          duplicates++;
          return;
        }
        bucket.minutes[byte]! |= bit;
      }
      bucket.sum += reading.value;
      bucket.min = Math.min(bucket.min, reading.value);
      bucket.max = Math.max(bucket.max, reading.value);
      bucket.count++;
    },
    /** Readings skipped as duplicates so far. */
    duplicates: () => duplicates,
    values(): DailyValue[] {
      return [...buckets].map(([key, b]) => {
        const [source, metric, day] = key.split("\u0000") as [string, BiometricMetric, string];
        return { source, metric, day, value: SUMMED.has(metric) ? b.sum : b.sum / b.count, min: b.min, max: b.max, count: b.count };
      });
    },
  };
}

/** The local calendar day and minute of the day of an Apple date string ("2024-01-05 07:31:00 +0100"). */
export function localDayAndMinute(text: string): { day: string; minute: number } | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})/.exec(text);
  return m ? { day: m[1]!, minute: Number(m[2]) * 60 + Number(m[3]) } : null;
}
