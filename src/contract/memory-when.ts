/**
 * When a memory happened, as precisely as its owner knows it: a year ("1998"), a month ("1998-06") or a day
 * ("1998-06-14"). Plain functions, free of the validation library, shared by the server, the web client and the
 * twin. ISO text sorts in time order at any precision, so the timeline and the twin need no other form.
 */
const SHAPE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
export const monthNames: readonly string[] = MONTHS;
/** The earliest year a memory may carry: family stories reach back further than one life. */
export const HAPPENED_YEAR_MIN = 1000;

export interface HappenedOnParts {
  year: number;
  month: number | null;
  day: number | null;
}

export function parseHappenedOn(value: string): HappenedOnParts | null {
  const match = SHAPE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = match[2] === undefined ? null : Number(match[2]);
  const day = match[3] === undefined ? null : Number(match[3]);
  if (month !== null && (month < 1 || month > 12)) return null;
  if (day !== null && (day < 1 || day > new Date(Date.UTC(year, month!, 0)).getUTCDate())) return null;
  return { year, month, day };
}

/**
 * A real year, month or day from year 1000 up to today: a memory cannot have happened in the future. "Today" reaches
 * a day past UTC's, so someone east of Greenwich can date a memory on their own today.
 */
export function isValidHappenedOn(value: string, today: Date = new Date()): boolean {
  const parts = parseHappenedOn(value);
  if (!parts || parts.year < HAPPENED_YEAR_MIN) return false;
  return value <= new Date(today.getTime() + 86_400_000).toISOString().slice(0, value.length);
}

/** The parts as the stored text; null when no year is given. */
export function happenedOnOf(year: number | null, month: number | null, day: number | null): string | null {
  if (year === null) return null;
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  if (month === null) return pad(year, 4);
  if (day === null) return `${pad(year, 4)}-${pad(month, 2)}`;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** "1998", "June 1998" or "June 14, 1998". */
export function formatHappenedOn(value: string): string {
  const parts = parseHappenedOn(value);
  if (!parts) return value;
  if (parts.month === null) return String(parts.year);
  const month = MONTHS[parts.month - 1]!;
  return parts.day === null ? `${month} ${parts.year}` : `${month} ${parts.day}, ${parts.year}`;
}
