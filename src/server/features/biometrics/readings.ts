import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import type { BiometricMetric } from "./metrics";

/** A reading counts as recent, for Biometric Sync and the side panel, for this long. */
export const RECENT_READING_MS = 24 * 3600_000;

export interface NewestReading {
  metric: BiometricMetric;
  value: number;
  at: Date;
  source: string;
}

/** The newest reading of each metric across the person's sources (the caller's transaction is scoped to them). */
export async function newestReadings(tx: Transaction, userId: string): Promise<NewestReading[]> {
  const result = await tx.execute<{ metric: BiometricMetric; value: number; at: Date | string; source: string }>(sql`
    SELECT DISTINCT ON (l.metric) l.metric, l.value, l.at, s.name AS source
    FROM biometric_latest l JOIN biometric_sources s ON s.id = l.source_id
    WHERE l.user_id = ${userId}
    ORDER BY l.metric, l.at DESC, s.name`);
  return result.rows.map((r) => ({ metric: r.metric, value: Number(r.value), at: new Date(r.at), source: r.source }));
}

/**
 * One value per metric and day across the person's sources: the day of the source with the most readings that day
 * (then the source that was imported last). Two devices' values are never added together, so a minute two devices
 * both recorded is counted once (docs/formulas.md, "Biometrics").
 */
export async function combinedDaily(tx: Transaction, userId: string, metrics: BiometricMetric[], fromDay: string | null): Promise<Map<BiometricMetric, { day: string; value: number; min: number; max: number }[]>> {
  const result = await tx.execute<{ metric: BiometricMetric; day: string; value: number; min: number; max: number }>(sql`
    SELECT DISTINCT ON (d.metric, d.day) d.metric, to_char(d.day, 'YYYY-MM-DD') AS day, d.value, d.min, d.max
    FROM biometric_daily d JOIN biometric_sources s ON s.id = d.source_id
    WHERE d.user_id = ${userId} AND d.metric = ANY(${sql.param(metrics)}::text[]) ${fromDay ? sql`AND d.day >= ${fromDay}::date` : sql``}
    ORDER BY d.metric, d.day, d.count DESC, s.last_import_at DESC, s.id`);
  const byMetric = new Map<BiometricMetric, { day: string; value: number; min: number; max: number }[]>(metrics.map((m) => [m, []]));
  for (const r of result.rows) byMetric.get(r.metric)!.push({ day: r.day, value: Number(r.value), min: Number(r.min), max: Number(r.max) });
  return byMetric;
}
