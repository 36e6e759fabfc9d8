import { bigint, date, doublePrecision, integer, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

// Migration 0036 holds the constraints, indexes and row-level security of these tables.

export type BiometricFormat = "apple-health" | "fitbit" | "oura";
export type BiometricDevice = "watch" | "ring" | "tracker" | "phone" | "other";

/** An uploaded device export and how reading it went. */
export const biometricImports = pgTable("biometric_imports", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  filename: text("filename").notNull(),
  sha256: text("sha256").notNull(),
  bytes: bigint("bytes", { mode: "number" }).notNull(),
  storageKey: text("storage_key"),
  format: text("format").$type<BiometricFormat>(),
  status: text("status").$type<"pending" | "running" | "done" | "failed">().notNull().default("pending"),
  progress: real("progress").notNull().default(0),
  records: integer("records").notNull().default(0),
  kept: integer("kept").notNull().default(0),
  days: integer("days").notNull().default(0),
  error: text("error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/** A device or app readings came from, as named in an export. */
export const biometricSources = pgTable("biometric_sources", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  format: text("format").$type<BiometricFormat>().notNull(),
  name: text("name").notNull(),
  device: text("device").$type<BiometricDevice>().notNull(),
  firstDay: date("first_day", { mode: "string" }).notNull(),
  lastDay: date("last_day", { mode: "string" }).notNull(),
  readings: bigint("readings", { mode: "number" }).notNull().default(0),
  lastImportAt: timestamp("last_import_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A day's aggregate of one metric from one source, in the device's own calendar day. */
export const biometricDaily = pgTable(
  "biometric_daily",
  {
    sourceId: uuid("source_id")
      .notNull()
      .references(() => biometricSources.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    metric: text("metric").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    value: doublePrecision("value").notNull(),
    min: doublePrecision("min").notNull(),
    max: doublePrecision("max").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.metric, t.day] })],
);

/** The newest reading of a metric from a source. */
export const biometricLatest = pgTable(
  "biometric_latest",
  {
    sourceId: uuid("source_id")
      .notNull()
      .references(() => biometricSources.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    metric: text("metric").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    value: doublePrecision("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.metric] })],
);
