import { biometricMetricInfo, type BiometricMetricName } from "../../../contract/biometric-options";

/** A metric's value as people read it: sleep in hours and minutes, steps whole, the rest to the unit's precision. */
export function formatReading(metric: BiometricMetricName, value: number): string {
  if (metric === "sleep_minutes") {
    const minutes = Math.round(value);
    return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  }
  const digits = metric === "respiratory_rate" || metric === "spo2" ? 1 : 0;
  return `${value.toLocaleString(undefined, { maximumFractionDigits: digits })} ${biometricMetricInfo[metric].unit}`;
}
