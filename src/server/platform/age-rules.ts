import { AGE_MINIMUM, AGE_OF_MAJORITY, type AgeStatus } from "../../contract/age-options";

/** Full years between a date of birth (YYYY-MM-DD) and `now`, counted on the UTC calendar. */
export function ageOn(birthDate: string, now: Date): number {
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  let years = now.getUTCFullYear() - year;
  const beforeBirthday = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) years -= 1;
  return years;
}

export type AgeBand = "under-minimum" | "minor" | "adult";

/** The Terms' three bands: under 13, 13–17, 18 and over. A date in the future is not a date of birth (null). */
export function bandOf(birthDate: string, now: Date): AgeBand | null {
  if (birthDate > now.toISOString().slice(0, 10)) return null;
  const years = ageOn(birthDate, now);
  if (years < AGE_MINIMUM) return "under-minimum";
  return years < AGE_OF_MAJORITY ? "minor" : "adult";
}

/** What a stored answer means today (a minor becomes an adult on their 18th birthday without anyone's help). */
export function statusOf(row: { birthDate: string; guardianConfirmedAt: Date | null } | null, now: Date): AgeStatus {
  if (!row) return "unknown";
  const band = bandOf(row.birthDate, now) ?? "under-minimum";
  if (band === "minor") return row.guardianConfirmedAt ? "minor-consented" : "minor-awaiting-guardian";
  return band;
}
