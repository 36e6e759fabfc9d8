import { and, desc, eq, sql } from "drizzle-orm";
import { biometricMessages, biometricMetricValues, type Biometrics, type BiometricSeries } from "../../../contract";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/client";
import { biometricImports, biometricSources } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { isUuid } from "../../platform/ids";
import { consciousnessState } from "./consciousness-state";
import { presentImport } from "./imports";
import type { BiometricMetric } from "./metrics";
import { combinedDaily, newestReadings } from "./readings";
import { BASELINE_DAYS, RECENT_DAYS, recoveryTrend, sleepTrend, stressTrend, type TrendInputs } from "./trends";

const TREND_METRICS: BiometricMetric[] = ["heart_rate", "resting_heart_rate", "hrv_rmssd", "hrv_sdnn", "sleep_minutes"];
const DAY_MS = 86_400_000;
const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** Everything the Biometric Intelligence page shows but the charts, read in one transaction. */
export async function getBiometrics(ctx: AppContext, userId: string): Promise<Biometrics> {
  return withUserScope(
    ctx.db,
    userId,
    async (tx) => {
      const sources = await tx.execute<{ id: string; name: string; format: Biometrics["sources"][number]["format"]; device: Biometrics["sources"][number]["device"]; first_day: string; last_day: string; readings: string; last_import_at: Date | string; metrics: BiometricMetric[] }>(sql`
        SELECT s.id, s.name, s.format, s.device, to_char(s.first_day, 'YYYY-MM-DD') AS first_day, to_char(s.last_day, 'YYYY-MM-DD') AS last_day, s.readings, s.last_import_at,
          coalesce((SELECT array_agg(DISTINCT d.metric ORDER BY d.metric) FROM biometric_daily d WHERE d.source_id = s.id), '{}') AS metrics
        FROM biometric_sources s WHERE s.user_id = ${userId} ORDER BY s.last_day DESC, s.name`);
      const imports = await tx.select().from(biometricImports).where(eq(biometricImports.userId, userId)).orderBy(desc(biometricImports.createdAt)).limit(5);
      const newest = await newestReadings(tx, userId);
      // In the contract's order (heart first), not the collation's.
      const inOrder = (names: string[]) => biometricMetricValues.filter((m) => names.includes(m));
      const metrics = inOrder(sources.rows.flatMap((s) => s.metrics));
      // The trend window ends at the newest day with any trend data, so an export from last month still has trends.
      const [last] = (
        // A day more than a day in the future is a device clock's error: it would leave every window empty.
        await tx.execute<{ day: string | null }>(
          sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM biometric_daily WHERE user_id = ${userId} AND metric = ANY(${sql.param(TREND_METRICS)}::text[]) AND day <= current_date + 1`,
        )
      ).rows;
      const lastDay = last?.day ?? null;
      let trends: Biometrics["trends"];
      if (lastDay) {
        const series = await combinedDaily(tx, userId, TREND_METRICS, dayBefore(lastDay, RECENT_DAYS + BASELINE_DAYS - 1));
        const rmssd = series.get("hrv_rmssd")!;
        const sdnn = series.get("hrv_sdnn")!;
        const inputs: TrendInputs = {
          lastDay,
          heartRate: series.get("heart_rate")!,
          restingHeartRate: series.get("resting_heart_rate")!,
          // One method only, the one with more days in the window: SDNN and RMSSD are different measures.
          hrv: rmssd.length === 0 && sdnn.length === 0 ? null : rmssd.length >= sdnn.length ? { method: "hrv_rmssd", series: rmssd } : { method: "hrv_sdnn", series: sdnn },
          sleep: series.get("sleep_minutes")!,
        };
        trends = { recovery: recoveryTrend(inputs), stress: stressTrend(inputs), sleep: sleepTrend(inputs) };
      } else {
        const none = { level: null, score: null, details: [], needs: "Import a device export with heart rate, HRV or sleep." };
        trends = { recovery: none, stress: none, sleep: none };
      }
      return {
        sources: sources.rows.map((s) => ({
          id: s.id,
          name: s.name,
          format: s.format,
          device: s.device,
          firstDay: s.first_day,
          lastDay: s.last_day,
          readings: Number(s.readings),
          metrics: inOrder(s.metrics),
          lastImportAt: new Date(s.last_import_at).toISOString(),
        })),
        imports: imports.map(presentImport),
        latest: newest.map((r) => ({ metric: r.metric, value: r.value, at: r.at.toISOString(), source: r.source })),
        state: consciousnessState(newest),
        trends,
        metrics,
        maxUploadMegabytes: ctx.config.BIOMETRIC_MAX_UPLOAD_MB,
      };
    },
    { accessMode: "read only" },
  );
}

/** Past this many days a series is sent as weekly means: a chart cannot show more points than it has pixels anyway. */
const MAX_DAILY_POINTS = 400;

/** One metric over a range, one value per day (or weekly means for long ranges). */
export async function getBiometricSeries(db: Database, userId: string, metric: BiometricMetric, range: "90d" | "1y" | "all"): Promise<BiometricSeries> {
  return withUserScope(
    db,
    userId,
    async (tx) => {
      const [last] = (await tx.execute<{ day: string | null }>(sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM biometric_daily WHERE user_id = ${userId} AND metric = ${metric}`)).rows;
      if (!last?.day) return { metric, bucket: "day" as const, points: [] };
      const from = range === "all" ? null : dayBefore(last.day, range === "90d" ? 89 : 364);
      const points = (await combinedDaily(tx, userId, [metric], from)).get(metric)!;
      if (points.length <= MAX_DAILY_POINTS) return { metric, bucket: "day" as const, points };
      // Weeks start on Monday (ISO); each point is the week's mean, lowest and highest day.
      const weeks = new Map<string, { sum: number; n: number; min: number; max: number }>();
      for (const p of points) {
        const date = new Date(`${p.day}T00:00:00Z`);
        const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
        const w = weeks.get(monday) ?? { sum: 0, n: 0, min: Infinity, max: -Infinity };
        w.sum += p.value;
        w.n++;
        w.min = Math.min(w.min, p.value);
        w.max = Math.max(w.max, p.value);
        weeks.set(monday, w);
      }
      return { metric, bucket: "week" as const, points: [...weeks].map(([day, w]) => ({ day, value: w.sum / w.n, min: w.min, max: w.max })) };
    },
    { accessMode: "read only" },
  );
}

/**
 * Removes a source and, by cascade, every daily value and reading from it. The finished imports of that kind of
 * export go too: they no longer describe what is stored, and uploading one of those files again must read it again
 * rather than answer "already imported".
 */
export async function deleteBiometricSource(db: Database, userId: string, id: string | undefined): Promise<void> {
  const notFound = new AppError("biometric_source_not_found", biometricMessages.sourceNotFound);
  if (!isUuid(id)) throw notFound;
  await withUserScope(db, userId, async (tx) => {
    const [removed] = await tx
      .delete(biometricSources)
      .where(and(eq(biometricSources.id, id), eq(biometricSources.userId, userId)))
      .returning({ format: biometricSources.format });
    if (!removed) throw notFound;
    await tx.delete(biometricImports).where(and(eq(biometricImports.userId, userId), eq(biometricImports.format, removed.format), eq(biometricImports.status, "done")));
  });
}
