import { biometricMetricInfo, type BiometricTrend } from "../../../contract";

/** A day's value of one metric (one device's per day: see `combinedDaily`). */
export interface DayValue {
  day: string;
  value: number;
}

/** The last 7 days with data are compared with the 28 days before them (docs/formulas.md, "Biometric trends"). */
export const RECENT_DAYS = 7;
export const BASELINE_DAYS = 28;
/** Fewer days than these and a trend says what it still needs instead of guessing. */
export const MIN_RECENT = 3;
export const MIN_BASELINE = 14;
/** How far from the baseline, in the person's own standard deviations, counts as a change. */
export const CHANGE_Z = 0.5;
/** Adults need at least 7 hours (AASM and Sleep Research Society consensus, 2015). */
export const SLEEP_NEED_MINUTES = 7 * 60;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length - 1));
};
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface Window {
  recent: number[];
  baseline: number[];
}

/**
 * Splits a series at `lastDay` (the newest day with any data): the recent window is lastDay−6 … lastDay, the
 * baseline the 28 days before it.
 */
export function windowOf(series: DayValue[], lastDay: string): Window {
  const last = dayNumber(lastDay);
  const recent: number[] = [];
  const baseline: number[] = [];
  for (const { day, value } of series) {
    const age = last - dayNumber(day);
    if (age >= 0 && age < RECENT_DAYS) recent.push(value);
    else if (age >= RECENT_DAYS && age < RECENT_DAYS + BASELINE_DAYS) baseline.push(value);
  }
  return { recent, baseline };
}

/** How many more days a window needs, in words; null when it has enough. */
function missing(w: Window, what: string): string | null {
  const needRecent = Math.max(0, MIN_RECENT - w.recent.length);
  const needBaseline = Math.max(0, MIN_BASELINE - w.baseline.length);
  if (needRecent === 0 && needBaseline === 0) return null;
  if (needBaseline > 0) return `Needs ${needBaseline} more day${needBaseline === 1 ? "" : "s"} of ${what} in the 28 days before the last week.`;
  return `Needs ${needRecent} more day${needRecent === 1 ? "" : "s"} of ${what} in the last week.`;
}

/** The recent mean's distance from the baseline mean in baseline standard deviations (0 when the baseline never varies). */
export function zScore(w: Window): number {
  const spread = sd(w.baseline);
  return spread > 0 ? (mean(w.recent) - mean(w.baseline)) / spread : 0;
}

const levelOf = (z: number, labels: [high: string, typical: string, low: string]) => (z >= CHANGE_Z ? labels[0] : z <= -CHANGE_Z ? labels[2] : labels[1]);

const compare = (label: string, unit: string, w: Window, digits = 0) => `${label} ${round(mean(w.recent), digits)} ${unit} this week against ${round(mean(w.baseline), digits)} ${unit} before`;

export interface TrendInputs {
  lastDay: string;
  heartRate: DayValue[];
  restingHeartRate: DayValue[];
  /** One HRV method only: RMSSD where the person has it, else SDNN (never mixed). */
  hrv: { method: "hrv_rmssd" | "hrv_sdnn"; series: DayValue[] } | null;
  sleep: DayValue[];
}

const empty = (needs: string): BiometricTrend => ({ level: null, score: null, details: [], needs });

/**
 * Recovery Status: HRV up and resting heart rate down against the person's baseline mean recovery.
 * recovery z = mean of the available (z(HRV), −z(resting heart rate)); ≥ 0.5 "Well recovered", ≤ −0.5 "Under-recovered".
 */
export function recoveryTrend(input: TrendInputs): BiometricTrend {
  const hrv = input.hrv ? windowOf(input.hrv.series, input.lastDay) : null;
  const rhr = windowOf(input.restingHeartRate, input.lastDay);
  const parts: number[] = [];
  const details: string[] = [];
  if (hrv && !missing(hrv, "HRV")) {
    parts.push(zScore(hrv));
    details.push(compare(biometricMetricInfo[input.hrv!.method].label, "ms", hrv));
  }
  if (!missing(rhr, "resting heart rate")) {
    parts.push(-zScore(rhr));
    details.push(compare("Resting heart rate", "bpm", rhr));
  }
  if (parts.length === 0) return empty((hrv && missing(hrv, "HRV")) ?? missing(rhr, "resting heart rate") ?? "Needs HRV or resting heart rate.");
  const z = mean(parts);
  return { level: levelOf(z, ["Well recovered", "Typical for you", "Under-recovered"]), score: null, details, needs: null };
}

/**
 * Stress Impact: how far the heart runs above its resting rate during the day, and HRV down, against the baseline.
 * load = daily mean heart rate − that day's resting heart rate (the daily mean alone without resting values);
 * stress z = mean of the available (z(load), −z(HRV)); ≥ 0.5 "Elevated", ≤ −0.5 "Lower than usual".
 */
export function stressTrend(input: TrendInputs): BiometricTrend {
  const resting = new Map(input.restingHeartRate.map((d) => [d.day, d.value]));
  const withResting = input.heartRate.filter((d) => resting.has(d.day)).map((d) => ({ day: d.day, value: d.value - resting.get(d.day)! }));
  // Heart rate above resting where enough days have both; the day's mean heart rate alone otherwise.
  const useLoad = missing(windowOf(withResting, input.lastDay), "heart rate") === null;
  const loadWindow = windowOf(useLoad ? withResting : input.heartRate, input.lastDay);
  const hrv = input.hrv ? windowOf(input.hrv.series, input.lastDay) : null;
  const parts: number[] = [];
  const details: string[] = [];
  if (!missing(loadWindow, "heart rate")) {
    parts.push(zScore(loadWindow));
    details.push(useLoad ? compare("Heart rate above resting", "bpm", loadWindow) : compare("Average heart rate", "bpm", loadWindow));
  }
  if (hrv && !missing(hrv, "HRV")) {
    parts.push(-zScore(hrv));
    details.push(compare(biometricMetricInfo[input.hrv!.method].label, "ms", hrv));
  }
  if (parts.length === 0) return empty(missing(loadWindow, "heart rate") ?? "Needs heart rate or HRV.");
  return { level: levelOf(mean(parts), ["Elevated", "Typical for you", "Lower than usual"]), score: null, details, needs: null };
}

const hoursAndMinutes = (minutes: number) => {
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)} h ${whole % 60} min`;
};

/**
 * Sleep Quality, a score out of 10: 7 points for duration (the recent nights' mean asleep against 7 hours, capped at
 * 1) and 3 for regularity (1 − the recent nights' standard deviation ÷ 90 minutes, floored at 0). Level: ≥ 8 "Good",
 * ≥ 6 "Fair", else "Poor"; the baseline comparison is shown beside it.
 */
export function sleepTrend(input: TrendInputs): BiometricTrend {
  const w = windowOf(input.sleep, input.lastDay);
  const needRecent = MIN_RECENT - w.recent.length;
  if (needRecent > 0) return empty(`Needs ${needRecent} more night${needRecent === 1 ? "" : "s"} of sleep in the last week.`);
  const duration = Math.min(1, mean(w.recent) / SLEEP_NEED_MINUTES);
  const regularity = w.recent.length > 1 ? Math.max(0, 1 - sd(w.recent) / 90) : 1;
  const score = round(7 * duration + 3 * regularity, 1);
  const details = [`${hoursAndMinutes(mean(w.recent))} asleep a night this week`];
  if (w.baseline.length >= MIN_BASELINE) {
    const change = mean(w.recent) - mean(w.baseline);
    details.push(`${Math.abs(Math.round(change))} min ${change >= 0 ? "more" : "less"} than your 28-night baseline (${hoursAndMinutes(mean(w.baseline))})`);
  }
  return { level: score >= 8 ? "Good" : score >= 6 ? "Fair" : "Poor", score, details, needs: null };
}
