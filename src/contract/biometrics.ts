import { z } from "zod";
import { biometricDeviceValues, biometricFormatValues, biometricMessages, biometricMetricValues } from "./biometric-options";

export * from "./biometric-options";

const metric = z.enum(biometricMetricValues);
const day = z.iso.date();

/** One uploaded export and how reading it went (the page polls it while `pending` or `running`). */
export const biometricImportSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  bytes: z.number().int(),
  format: z.enum(biometricFormatValues).nullable(),
  status: z.enum(["pending", "running", "done", "failed"]),
  /** Share of the file read, 0–1. */
  progress: z.number().min(0).max(1),
  /** Records in the file, and readings kept from them (the other records are measurements Mindprint does not keep). */
  records: z.number().int(),
  kept: z.number().int(),
  days: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BiometricImport = z.infer<typeof biometricImportSchema>;

/** POST /api/biometrics/imports: 202 with a new import, or 200 with the earlier import of the very same file. */
export const biometricImportResponseSchema = z.object({ import: biometricImportSchema, duplicate: z.boolean() });

export const biometricSourceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  format: z.enum(biometricFormatValues),
  device: z.enum(biometricDeviceValues),
  firstDay: day,
  lastDay: day,
  /** Readings behind the stored days. */
  readings: z.number().int(),
  metrics: z.array(metric),
  lastImportAt: z.string(),
});
export type BiometricSource = z.infer<typeof biometricSourceSchema>;

export const latestReadingSchema = z.object({ metric, value: z.number(), at: z.string(), source: z.string() });

/**
 * A trend card (docs/formulas.md, "Biometric trends"): the person's last 7 days against their own 28 days before. `level`
 * is null without enough data, and `needs` then says what is missing.
 */
export const biometricTrendSchema = z.object({
  level: z.string().nullable(),
  /** A 0–10 score where the formula has one (Sleep Quality), else null. */
  score: z.number().nullable(),
  /** The figures behind the level, in words ("HRV (RMSSD) 48 ms against 44 ms"). */
  details: z.array(z.string()),
  needs: z.string().nullable(),
});
export type BiometricTrend = z.infer<typeof biometricTrendSchema>;

export const consciousnessStateSchema = z.object({
  /** "Calm", "Active", "Highly aroused", or null with no recent heart rate. */
  arousal: z.string().nullable(),
  details: z.array(z.string()),
  /** The moment of the reading it is read from. */
  at: z.string().nullable(),
});

/** GET /api/biometrics: everything the Biometric Intelligence page shows except the charts' series. */
export const biometricsResponseSchema = z.object({
  sources: z.array(biometricSourceSchema),
  /** The newest imports first (at most 5), the one in progress among them. */
  imports: z.array(biometricImportSchema),
  latest: z.array(latestReadingSchema),
  state: consciousnessStateSchema,
  trends: z.object({ recovery: biometricTrendSchema, stress: biometricTrendSchema, sleep: biometricTrendSchema }),
  /** The metrics with at least one stored day, for the charts. */
  metrics: z.array(metric),
  maxUploadMegabytes: z.number(),
});
export type Biometrics = z.infer<typeof biometricsResponseSchema>;

export const biometricSeriesParamsSchema = z.object({ metric: z.enum(biometricMetricValues, { error: biometricMessages.metricInvalid }) });
export const biometricSeriesQuerySchema = z.object({ range: z.enum(["90d", "1y", "all"]).default("1y") });

/** GET /api/biometrics/series/:metric: one value per day (or per week past a year), one device's per day, never two added. */
export const biometricSeriesResponseSchema = z.object({
  metric,
  /** "day" or "week" (weekly means when the range holds more than 400 days). */
  bucket: z.enum(["day", "week"]),
  points: z.array(z.object({ day, value: z.number(), min: z.number(), max: z.number() })),
});
export type BiometricSeries = z.infer<typeof biometricSeriesResponseSchema>;
