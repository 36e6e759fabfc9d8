import { getCountryForTimezone } from "countries-and-timezones";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { TIME_ZONE_HEADER } from "../../../contract/crisis";
import type { Database } from "../../db/client";
import { profiles } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";

/**
 * Where a reader is, for the order of the crisis lines (issue 59): the country on their profile, else the one their
 * browser's time zone lies in (the IANA time zone database's own table, from the countries-and-timezones package), else
 * none. A time zone of several countries ("Europe/Zurich" is also Liechtenstein's) gives the one the database names first.
 */
export async function readerCountry(db: Database, userId: string | null, timeZone: string | null): Promise<string | null> {
  if (userId) {
    const [row] = await withUserScope(db, userId, (tx) => tx.select({ country: profiles.country }).from(profiles).where(eq(profiles.userId, userId)));
    if (row?.country) return row.country;
  }
  return countryOfTimeZone(timeZone);
}

/** The country of an IANA time zone ("Europe/London" → "GB"), or null for one the table does not know ("UTC"). */
export const countryOfTimeZone = (timeZone: string | null): string | null => (timeZone ? (getCountryForTimezone(timeZone)?.id ?? null) : null);

/** The browser's time zone as the web app sends it (TIME_ZONE_HEADER), when it looks like one. */
export function timeZoneOf(request: Pick<FastifyRequest, "headers">): string | null {
  const value = request.headers[TIME_ZONE_HEADER];
  return typeof value === "string" && /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(value) && value.length <= 64 ? value : null;
}
