-- Biometric Intelligence (issue 19): device exports a person uploads (Apple Health, Fitbit / Google Takeout, Oura),
-- kept as daily aggregates per source device and metric, and the newest reading of each. Every row is the person's
-- own and row-level secured; removing a source removes its readings by cascade.
CREATE TABLE "biometric_imports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "filename" text NOT NULL,
  -- The uploaded file's SHA-256: the same file uploaded again is the same import (idempotent).
  "sha256" text NOT NULL,
  "bytes" bigint NOT NULL,
  -- The upload while it waits to be read; null once read (the file is not kept).
  "storage_key" text,
  -- What the file turned out to be: 'apple-health', 'fitbit', 'oura'; null until read.
  "format" text,
  "status" text DEFAULT 'pending' NOT NULL,
  "progress" real DEFAULT 0 NOT NULL,
  "records" integer DEFAULT 0 NOT NULL,
  "kept" integer DEFAULT 0 NOT NULL,
  "days" integer DEFAULT 0 NOT NULL,
  "error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  CONSTRAINT "biometric_imports_status_known" CHECK ("status" IN ('pending', 'running', 'done', 'failed')),
  CONSTRAINT "biometric_imports_format_known" CHECK ("format" IS NULL OR "format" IN ('apple-health', 'fitbit', 'oura')),
  CONSTRAINT "biometric_imports_progress_range" CHECK ("progress" BETWEEN 0 AND 1),
  CONSTRAINT "biometric_imports_sha256_format" CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
  CONSTRAINT "biometric_imports_filename_length" CHECK (length("filename") BETWEEN 1 AND 255)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "biometric_imports_file_once" ON "biometric_imports" ("user_id", "sha256");
--> statement-breakpoint
CREATE TABLE "biometric_sources" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  -- The export it came from ('apple-health', 'fitbit', 'oura') and the device or app's own name in it.
  "format" text NOT NULL,
  "name" text NOT NULL,
  -- What kind of device: 'watch', 'ring', 'tracker', 'phone', 'other'.
  "device" text NOT NULL,
  "first_day" date NOT NULL,
  "last_day" date NOT NULL,
  "readings" bigint DEFAULT 0 NOT NULL,
  "last_import_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "biometric_sources_format_known" CHECK ("format" IN ('apple-health', 'fitbit', 'oura')),
  CONSTRAINT "biometric_sources_device_known" CHECK ("device" IN ('watch', 'ring', 'tracker', 'phone', 'other')),
  CONSTRAINT "biometric_sources_name_length" CHECK (length("name") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "biometric_sources_once" ON "biometric_sources" ("user_id", "format", "name");
--> statement-breakpoint
-- One row per source, metric and the device's own calendar day: the day's total (steps, minutes asleep) or mean, its
-- lowest and highest reading, and how many readings made it. HRV is two metrics (SDNN, RMSSD), never one.
CREATE TABLE "biometric_daily" (
  "source_id" uuid NOT NULL REFERENCES "biometric_sources"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "metric" text NOT NULL,
  "day" date NOT NULL,
  "value" double precision NOT NULL,
  "min" double precision NOT NULL,
  "max" double precision NOT NULL,
  "count" integer NOT NULL,
  PRIMARY KEY ("source_id", "metric", "day"),
  CONSTRAINT "biometric_daily_metric_known" CHECK ("metric" IN ('heart_rate', 'resting_heart_rate', 'hrv_sdnn', 'hrv_rmssd', 'sleep_minutes', 'steps', 'respiratory_rate', 'spo2')),
  CONSTRAINT "biometric_daily_count_positive" CHECK ("count" > 0)
);
--> statement-breakpoint
CREATE INDEX "biometric_daily_user_metric_day" ON "biometric_daily" ("user_id", "metric", "day");
--> statement-breakpoint
-- The newest single reading per source and metric, with its moment: the latest-readings card and the side panel.
CREATE TABLE "biometric_latest" (
  "source_id" uuid NOT NULL REFERENCES "biometric_sources"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "metric" text NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "value" double precision NOT NULL,
  PRIMARY KEY ("source_id", "metric"),
  CONSTRAINT "biometric_latest_metric_known" CHECK ("metric" IN ('heart_rate', 'resting_heart_rate', 'hrv_sdnn', 'hrv_rmssd', 'sleep_minutes', 'steps', 'respiratory_rate', 'spo2'))
);
--> statement-breakpoint
CREATE INDEX "biometric_latest_user" ON "biometric_latest" ("user_id", "at");
--> statement-breakpoint
ALTER TABLE "biometric_imports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "biometric_sources" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "biometric_daily" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "biometric_latest" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY biometric_imports_owner ON "biometric_imports" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
CREATE POLICY biometric_sources_owner ON "biometric_sources" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
CREATE POLICY biometric_daily_owner ON "biometric_daily" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
CREATE POLICY biometric_latest_owner ON "biometric_latest" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "biometric_imports", "biometric_sources", "biometric_daily", "biometric_latest" TO mindprint_app;
