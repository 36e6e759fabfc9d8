import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import type { BiometricDevice, BiometricFormat } from "../../db/schema";
import type { DailyValue } from "./daily-aggregate";
import type { BiometricMetric } from "./metrics";

/** The newest reading of a metric from one source, as the import saw it. */
export interface LatestValue {
  source: string;
  metric: BiometricMetric;
  at: Date;
  value: number;
}

/** What kind of device a source is, from the export it came in and the name the export gives it. */
export function deviceOf(format: BiometricFormat, name: string): BiometricDevice {
  if (format === "oura" || /\boura\b/i.test(name)) return "ring";
  if (format === "fitbit") return "tracker";
  if (/watch/i.test(name)) return "watch";
  if (/iphone|phone|android|pixel|galaxy/i.test(name)) return "phone";
  if (/fitbit|garmin|whoop|polar|withings|amazfit/i.test(name)) return "tracker";
  return "other";
}

const CHUNK = 2000;

/**
 * Stores one import's daily values and newest readings in the caller's transaction, so an import lands whole or not
 * at all. A day already stored from the same source is replaced only by a day with at least as many readings: a
 * later export holds the earlier one's days in full, and an older file uploaded afterwards never thins a day out.
 * Returns the number of days stored or replaced.
 */
export async function storeImport(tx: Transaction, userId: string, format: BiometricFormat, days: DailyValue[], latest: LatestValue[]): Promise<number> {
  const sources = new Map<string, { first: string; last: string }>();
  for (const d of days) {
    const s = sources.get(d.source);
    if (!s) sources.set(d.source, { first: d.day, last: d.day });
    else {
      if (d.day < s.first) s.first = d.day;
      if (d.day > s.last) s.last = d.day;
    }
  }
  const ids = new Map<string, string>();
  for (const [name, range] of sources) {
    const result = await tx.execute<{ id: string }>(sql`
      INSERT INTO biometric_sources (user_id, format, name, device, first_day, last_day, last_import_at)
      VALUES (${userId}, ${format}, ${name}, ${deviceOf(format, name)}, ${range.first}, ${range.last}, now())
      ON CONFLICT (user_id, format, name) DO UPDATE SET
        first_day = least(biometric_sources.first_day, excluded.first_day),
        last_day = greatest(biometric_sources.last_day, excluded.last_day),
        last_import_at = now()
      RETURNING id`);
    ids.set(name, result.rows[0]!.id);
  }
  let stored = 0;
  for (let i = 0; i < days.length; i += CHUNK) {
    const chunk = days.slice(i, i + CHUNK);
    const result = await tx.execute(sql`
      INSERT INTO biometric_daily (source_id, user_id, metric, day, value, min, max, count)
      SELECT s, ${userId}, m, d, v, lo, hi, n
      FROM unnest(${sql.param(chunk.map((d) => ids.get(d.source)!))}::uuid[], ${sql.param(chunk.map((d) => d.metric))}::text[], ${sql.param(chunk.map((d) => d.day))}::date[],
        ${sql.param(chunk.map((d) => d.value))}::float8[], ${sql.param(chunk.map((d) => d.min))}::float8[], ${sql.param(chunk.map((d) => d.max))}::float8[], ${sql.param(chunk.map((d) => d.count))}::int[])
        AS t(s, m, d, v, lo, hi, n)
      ON CONFLICT (source_id, metric, day) DO UPDATE SET value = excluded.value, min = excluded.min, max = excluded.max, count = excluded.count
        WHERE excluded.count >= biometric_daily.count`);
    stored += result.rowCount ?? 0;
  }
  const known = latest.filter((l) => ids.has(l.source));
  if (known.length > 0) {
    await tx.execute(sql`
      INSERT INTO biometric_latest (source_id, user_id, metric, at, value)
      SELECT s, ${userId}, m, a, v
      FROM unnest(${sql.param(known.map((l) => ids.get(l.source)!))}::uuid[], ${sql.param(known.map((l) => l.metric))}::text[], ${sql.param(known.map((l) => l.at.toISOString()))}::timestamptz[],
        ${sql.param(known.map((l) => l.value))}::float8[]) AS t(s, m, a, v)
      ON CONFLICT (source_id, metric) DO UPDATE SET at = excluded.at, value = excluded.value WHERE excluded.at >= biometric_latest.at`);
  }
  await tx.execute(sql`
    UPDATE biometric_sources s SET readings = (SELECT coalesce(sum(count), 0) FROM biometric_daily d WHERE d.source_id = s.id)
    WHERE s.id = ANY(${sql.param([...ids.values()])}::uuid[])`);
  return stored;
}
