import { sql } from "drizzle-orm";
import type { ExportedBiometricSource } from "../../../contract";
import type { Transaction } from "../../db/client";
import type { BiometricFormat } from "../../db/schema";
import type { BiometricMetric } from "./metrics";
import { storeImport } from "./store-import";

/** Every device's daily values and newest readings, for the consciousness export. */
export async function exportBiometrics(tx: Transaction, userId: string): Promise<ExportedBiometricSource[]> {
  const sources = await tx.execute<{ id: string; name: string; format: BiometricFormat }>(sql`SELECT id, name, format FROM biometric_sources WHERE user_id = ${userId} ORDER BY format, name`);
  const days = await tx.execute<{ source_id: string; metric: BiometricMetric; day: string; value: number; min: number; max: number; count: number }>(sql`
    SELECT source_id, metric, to_char(day, 'YYYY-MM-DD') AS day, value, min, max, count FROM biometric_daily WHERE user_id = ${userId} ORDER BY source_id, metric, day`);
  const latest = await tx.execute<{ source_id: string; metric: BiometricMetric; at: Date | string; value: number }>(sql`SELECT source_id, metric, at, value FROM biometric_latest WHERE user_id = ${userId} ORDER BY source_id, metric`);
  return sources.rows.map((s) => ({
    name: s.name,
    format: s.format,
    days: days.rows.filter((d) => d.source_id === s.id).map((d) => ({ metric: d.metric, day: d.day, value: Number(d.value), min: Number(d.min), max: Number(d.max), count: Number(d.count) })),
    latest: latest.rows.filter((l) => l.source_id === s.id).map((l) => ({ metric: l.metric, at: new Date(l.at).toISOString(), value: Number(l.value) })),
  }));
}

/**
 * Restores devices from an export into the account, merged as a new import of the same data would be (a day already
 * stored from that device is replaced only by one with at least as many readings). Answers the devices restored.
 */
export async function restoreBiometrics(tx: Transaction, userId: string, sources: ExportedBiometricSource[]): Promise<number> {
  let restored = 0;
  for (const format of new Set(sources.map((s) => s.format))) {
    const ofFormat = sources.filter((s) => s.format === format && s.days.length > 0);
    if (ofFormat.length === 0) continue;
    await storeImport(
      tx,
      userId,
      format,
      ofFormat.flatMap((s) => s.days.map((d) => ({ ...d, source: s.name }))),
      ofFormat.flatMap((s) => s.latest.map((l) => ({ source: s.name, metric: l.metric, at: new Date(l.at), value: l.value }))),
    );
    restored += ofFormat.length;
  }
  return restored;
}
