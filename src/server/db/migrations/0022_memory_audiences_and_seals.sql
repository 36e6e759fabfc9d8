-- Legacy, part 1 (issue 15): every memory has an audience (the spec's `visibility`, now with `public`) and may be
-- sealed until a calendar day or until some days after the owner's legacy is released. The release state lives in
-- legacy_releases (one row per owner, `active` until the release machinery moves it); the reader rule
-- (features/legacy/reader-rule.ts) reads both to decide what each reader may see and what the twin may use for them.
ALTER TABLE "memories" DROP CONSTRAINT "memories_visibility_known";
--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_visibility_known" CHECK ("visibility" IN ('private', 'family', 'twin-only', 'public'));
--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "sealed_until" date;
--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "sealed_days_after_release" integer;
--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_seal_one_kind" CHECK ("sealed_until" IS NULL OR "sealed_days_after_release" IS NULL);
--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_seal_days_range" CHECK ("sealed_days_after_release" BETWEEN 1 AND 36500);
--> statement-breakpoint
CREATE TABLE "legacy_releases" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "state" text DEFAULT 'active' NOT NULL,
  "released_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "legacy_releases_state_known" CHECK ("state" IN ('active', 'pending', 'released', 'paused', 'retired')),
  -- Released once means a release moment, kept through pause and retirement (seals count from it).
  CONSTRAINT "legacy_releases_released_at" CHECK (("state" IN ('active', 'pending')) = ("released_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "legacy_releases" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY legacy_releases_owner ON "legacy_releases" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "legacy_releases" TO mindprint_app;
--> statement-breakpoint
-- The later slices of a search (migration 0020) take the audience filter too.
DROP FUNCTION memory_ids_matching_newest(tsquery, text, text, boolean, integer, integer);
--> statement-breakpoint
CREATE FUNCTION memory_ids_matching_newest(query tsquery, emotion_filter text, category_filter text, include_hidden boolean, visibility_filter text, skip integer, take integer)
  RETURNS TABLE (id uuid)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    RETURN QUERY EXECUTE
      'SELECT m.id FROM memories m
       WHERE m.user_id = app_current_user_id() AND m.search_vector @@ $1'
      || CASE WHEN emotion_filter IS NULL THEN '' ELSE ' AND m.emotion = $2' END
      || CASE WHEN category_filter IS NULL THEN '' ELSE ' AND m.category = $3' END
      || CASE WHEN include_hidden THEN '' ELSE ' AND NOT m.hidden_from_twin' END
      || CASE WHEN visibility_filter IS NULL THEN '' ELSE ' AND m.visibility = $4' END
      || ' ORDER BY m.created_at DESC, m.id DESC OFFSET $5 LIMIT $6'
      USING query, emotion_filter, category_filter, visibility_filter, skip, take;
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_ids_matching_newest(tsquery, text, text, boolean, text, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memory_ids_matching_newest(tsquery, text, text, boolean, text, integer, integer) TO mindprint_app;
