/** A moment as the person's browser writes dates and times: "Nov 23, 2026, 2:05 PM" in English. */
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A moment's time of day ("14:05"), in the reader's own time zone. */
export const formatTime = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { timeStyle: "short" });
/** A count as the person's browser writes numbers: "1,000" in English. */
export const formatCount = (n: number) => n.toLocaleString();

/** The 62nd, 1st, 23rd… as people say a percentile. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

/** A calendar day (YYYY-MM-DD) as the person's browser writes dates, without shifting it by their time zone. */
export const formatDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: "medium", timeZone: "UTC" });

/** A share 0–1 as a whole percentage ("67%"), or "—" when there is none. */
export const formatShare = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)}%`);

/** "1 memory", "3 memories". */
export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A byte count as KB, MB or GB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/**
 * A length of time as a person reads it, the one way the voice hub writes durations: under an hour in minutes and
 * seconds ("1 min 12 s", "45 s", "2 min"), since "72.3 s" or one decimal of an hour ("0.0") says little after a minute
 * of speech; an hour or more in hours with one decimal ("2.4 h"). Rounded to the whole second.
 */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= 3600) return `${(whole / 3600).toFixed(1)} h`;
  if (whole < 60) return `${whole} s`;
  const minutes = `${Math.floor(whole / 60)} min`;
  return whole % 60 === 0 ? minutes : `${minutes} ${whole % 60} s`;
}

/** Recorded time for a figure with a unit beneath it: formatDuration under an hour ("recorded"), else hours ("2.4", "hours"). */
export function formatRecorded(seconds: number): { value: string; unit: string } {
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= 3600) return { value: (whole / 3600).toFixed(1), unit: "hours" };
  return { value: formatDuration(whole), unit: "recorded" };
}
