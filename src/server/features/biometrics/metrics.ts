/**
 * The measurements Biometric Intelligence keeps. HRV is two metrics, never one: Apple reports
 * SDNN, while Oura, WHOOP and Fitbit report RMSSD, and the two are not comparable on one axis.
 */
export const biometricMetrics = ["heart_rate", "resting_heart_rate", "hrv_sdnn", "hrv_rmssd", "sleep_minutes", "steps", "respiratory_rate", "spo2"] as const;
export type BiometricMetric = (typeof biometricMetrics)[number];

/** One value read from an export: what, when (start and end), how much, and which device or app recorded it. */
export interface Reading {
  metric: BiometricMetric;
  start: Date;
  end: Date;
  value: number;
  source: string;
  /** The calendar day and minute of the day in the device's own time (for sleep: when the span ends). */
  day: string;
  minuteOfDay: number;
  /** For sleep: the stage (core, deep, rem, awake, in bed, asleep). */
  stage?: string;
}
