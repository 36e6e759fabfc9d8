/** A moment as the person's browser writes dates and times: "Nov 23, 2026, 2:05 PM" in English. */
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A count as the person's browser writes numbers: "1,000" in English. */
export const formatCount = (n: number) => n.toLocaleString();

/** A calendar day (YYYY-MM-DD) as the person's browser writes dates, without shifting it by their time zone. */
/** The 62nd, 1st, 23rd… as people say a percentile. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

export const formatDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: "medium", timeZone: "UTC" });
