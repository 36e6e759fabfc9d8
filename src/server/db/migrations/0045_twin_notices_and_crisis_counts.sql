-- Issue 33: every twin conversation says it is an AI at its start and again after three hours of continued use, and a
-- message in crisis is answered with help. Which stored answer carried the notice is kept with it, so the next one
-- knows when it is due again; a crisis is kept only as a count per day and per kind of twin, with nobody's id.
ALTER TABLE "twin_conversations" ADD COLUMN "ai_notice" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "legacy_visitor_messages" ADD COLUMN "ai_notice" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE TABLE "crisis_counts" (
  "day" date NOT NULL,
  "surface" text NOT NULL CHECK ("surface" IN ('owner', 'visitor', 'memorial')),
  "detected" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("day", "surface")
);
--> statement-breakpoint
-- Nobody reads or writes the counts directly: the one function below adds one, and the Trust page's figure is read
-- through crisis_count_since.
ALTER TABLE "crisis_counts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON "crisis_counts" FROM mindprint_app;
--> statement-breakpoint
CREATE FUNCTION count_crisis(p_surface text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO crisis_counts (day, surface, detected) VALUES ((now() AT TIME ZONE 'UTC')::date, p_surface, 1)
  ON CONFLICT (day, surface) DO UPDATE SET detected = crisis_counts.detected + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION crisis_count_since(p_day date) RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT coalesce(sum(detected), 0) FROM crisis_counts WHERE day >= p_day;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION count_crisis(text), crisis_count_since(date) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION count_crisis(text), crisis_count_since(date) TO mindprint_app;
