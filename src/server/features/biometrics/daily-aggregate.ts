import type { BiometricMetric, Reading } from "./metrics";

/** Metrics whose day is a total (steps taken, minutes asleep); the others are a mean of their readings. */
export const SUMMED_METRICS: ReadonlySet<BiometricMetric> = new Set(["steps", "sleep_minutes"]);
const SUMMED = SUMMED_METRICS;
/** The most devices one import keeps apart; readings of any more are kept under one name. */
export const MAX_SOURCES = 40;
const OTHER_DEVICES = "Other devices";
/** How many days' start instants are remembered for steps (exports list a type's records in date order). */
const RECENT_STEP_DAYS = 16;
// eslint-disable-next-line no-control-regex -- device names lose control characters (NUL among them)
const CONTROL = /[\u0000-\u001f\u007f]/g;
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
  /** Which minutes (UTC, of the day's span) already have a reading (1,440 bits): one listed twice counts once. */
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
  // Device names as stored: without control characters, trimmed, at most 200 characters, never empty; past
  // MAX_SOURCES distinct devices, the rest share one name (an export naming thousands of "devices" stays small).
  const names = new Map<string, string>();
  const kept = new Set<string>();
  const sourceName = (raw: string) => {
    let name = names.get(raw);
    if (name === undefined) {
      const clean = raw.replace(CONTROL, "").trim().slice(0, 200) || "Unnamed device";
      name = kept.has(clean) || kept.size < MAX_SOURCES - 1 ? clean : OTHER_DEVICES;
      kept.add(name);
      name = Buffer.from(name, "utf8").toString("utf8");
      names.set(Buffer.from(raw, "utf8").toString("utf8"), name);
    }
    return name;
  };
  // Steps are summed, so two different samples that start in the same minute both count; only a sample listed twice
  // (same start instant and value) is dropped. Remembered for the most recent days only, to keep memory flat.
  const stepStarts = new Map<string, Set<string>>();
  const seenStep = (key: string, reading: Reading) => {
    let seen = stepStarts.get(key);
    if (!seen) {
      stepStarts.set(key, (seen = new Set()));
      if (stepStarts.size > RECENT_STEP_DAYS) stepStarts.delete(stepStarts.keys().next().value!);
    }
    const id = `${reading.start.getTime()}:${reading.value}`;
    if (seen.has(id)) return true;
    seen.add(id);
    return false;
  };
  return {
    sourceName,
    add(reading: Reading): void {
      if (reading.metric === "sleep_minutes" && !ASLEEP.has(reading.stage ?? "")) return;
      const key = `${sourceName(reading.source)}\u0000${reading.metric}\u0000${own(reading.day)}`;
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = { sum: 0, min: Infinity, max: -Infinity, count: 0, minutes: new Uint8Array(180) }));
      // Sleep stages are spans, several of which may start in one minute, and steps are summed (see seenStep);
      // the other readings count once a minute. The minute is the UTC one: a clock turned back for winter, or a
      // flight west, repeats local minutes that are different moments.
      if (reading.metric === "steps") {
        if (seenStep(key, reading)) {
          duplicates++;
          return;
        }
      } else if (reading.metric !== "sleep_minutes") {
        const minute = Math.floor(reading.start.getTime() / 60_000) % 1440;
        const byte = minute >> 3;
        const bit = 1 << (minute & 7);
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
