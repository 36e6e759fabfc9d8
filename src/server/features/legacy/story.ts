import { parseHappenedOn } from "../../../contract";

/**
 * The owner's age when a memory happened, from their birthday ("1960-06-14") and the memory's date at whatever
 * precision it has: one figure when the date settles it, two ("37 or 38") when the birthday may fall either side of
 * it; null without a birthday, without a date, or for a date before the birth (a family story from before them).
 */
export function ageWhen(birthday: string | null, happenedOn: string | null): { min: number; max: number } | null {
  if (!birthday || !happenedOn) return null;
  const born = parseHappenedOn(birthday);
  const then = parseHappenedOn(happenedOn);
  if (!born || born.month === null || born.day === null || !then) return null;
  const years = then.year - born.year;
  let range: { min: number; max: number };
  if (then.month === null) range = born.month === 1 && born.day === 1 ? { min: years, max: years } : { min: years - 1, max: years };
  else if (then.month !== born.month) range = then.month < born.month ? { min: years - 1, max: years - 1 } : { min: years, max: years };
  else if (then.day === null) range = born.day === 1 ? { min: years, max: years } : { min: years - 1, max: years };
  else range = then.day < born.day ? { min: years - 1, max: years - 1 } : { min: years, max: years };
  if (range.max < 0) return null;
  return { min: Math.max(0, range.min), max: range.max };
}

/** The year of a calendar day ("1960-06-14" → 1960); null when there is none. */
export const yearOf = (day: string | null): number | null => (day ? Number(day.slice(0, 4)) : null);
