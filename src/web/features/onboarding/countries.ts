import { getAllCountries } from "countries-and-timezones";

/**
 * The countries a person may say they live in (issue 59), as the IANA time zone database lists them (the
 * countries-and-timezones package): ISO 3166-1 alpha-2 codes with English names, sorted by name.
 */
export const countryOptions: { code: string; name: string }[] = Object.values(getAllCountries())
  .map((c) => ({ code: c.id, name: c.name }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

