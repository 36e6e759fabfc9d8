/**
 * Device exports write time three ways: with an offset ("2024-01-05T07:31:00-05:00", Apple's "+0100"), in UTC ("…Z",
 * and Fitbit's intraday JSON, which has no marker at all), or as the wearer's wall clock with no zone (Fitbit's sleep
 * and HRV files). A reading needs both its instant and the wearer's local day and minute.
 */
export interface LocalMoment {
  /** The instant (for a wall-clock time of unknown zone: read with the export's estimated offset). */
  at: Date;
  /** The wearer's calendar day, YYYY-MM-DD, and minute of that day. */
  day: string;
  minute: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A wall-clock time (fields as written) at `offsetMinutes` east of UTC. */
export function wallClock(y: number, mo: number, d: number, h: number, mi: number, s: number, offsetMinutes: number): LocalMoment | null {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  if (!Number.isFinite(wall) || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const w = new Date(wall);
  return { at: new Date(wall - offsetMinutes * 60_000), day: `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`, minute: h * 60 + mi };
}

/** An instant seen from `offsetMinutes` east of UTC. */
export function fromInstant(at: Date, offsetMinutes: number): LocalMoment {
  const wall = new Date(at.getTime() + offsetMinutes * 60_000);
  return { at, day: wall.toISOString().slice(0, 10), minute: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An ISO-like timestamp ("2024-02-22", "2024-02-22T03:00:00", "…Z", "…-04:00", "2025-12-03 21:12:30+0000"). One
 * with an offset keeps its own local day; "Z" is seen from `utcOffsetMinutes` (the wearer's estimated offset); one
 * without a zone is the wearer's wall clock.
 */
export function parseIsoMoment(text: string | undefined, utcOffsetMinutes: number): LocalMoment | null {
  const m = text ? ISO.exec(text.trim()) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [number, number, number, number, number, number];
  const zone = m[7];
  if (!zone) return wallClock(y, mo, d, h, mi, s, utcOffsetMinutes);
  if (zone === "Z") {
    const instant = Date.UTC(y, mo - 1, d, h, mi, s);
    return Number.isFinite(instant) ? fromInstant(new Date(instant), utcOffsetMinutes) : null;
  }
  const digits = zone.replace(":", "");
  const offset = (digits[0] === "-" ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  return wallClock(y, mo, d, h, mi, s, offset);
}

/** Fitbit's "MM/DD/YY HH:MM:SS" as written. */
export function parseFitbitDateTime(text: unknown): [number, number, number, number, number, number] | null {
  const m = typeof text === "string" ? /^(\d{2})\/(\d{2})\/(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text.trim()) : null;
  if (!m) return null;
  return [2000 + Number(m[3]), Number(m[1]), Number(m[2]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
}
