-- Personality Mapping (issue 17): the IPIP-NEO-120 questionnaire, answered a few statements at a time and resumable
-- anywhere, its scores against published norms, and the traits it adds to the consciousness map. All rows are the
-- person's own, row-level secured like every other table.
CREATE TABLE "personality_attempts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "inventory" text DEFAULT 'ipip-neo-120' NOT NULL,
  -- answers[n] is statement n's answer (1–5), null while unanswered.
  "answers" smallint[] DEFAULT array_fill(NULL::smallint, ARRAY[120]) NOT NULL,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "completed_at" timestamp with time zone,
  -- The norm group the scores were read against (null: the average over sexes, or over age bands).
  "norm_sex" text,
  "norm_age_band" text,
  CONSTRAINT "personality_attempts_inventory_known" CHECK ("inventory" = 'ipip-neo-120'),
  CONSTRAINT "personality_attempts_answers_length" CHECK (array_length("answers", 1) = 120),
  CONSTRAINT "personality_attempts_answers_range" CHECK (1 <= ALL (array_remove("answers", NULL)) AND 5 >= ALL (array_remove("answers", NULL))),
  CONSTRAINT "personality_attempts_complete" CHECK ("completed_at" IS NULL OR array_position("answers", NULL) IS NULL),
  CONSTRAINT "personality_attempts_norm_sex" CHECK ("norm_sex" IS NULL OR "norm_sex" IN ('female', 'male')),
  CONSTRAINT "personality_attempts_norm_age_band" CHECK ("norm_age_band" IS NULL OR "norm_age_band" IN ('under-21', '21-40', '41-60', 'over-60'))
);
--> statement-breakpoint
-- At most one questionnaire in progress per person: starting again resumes it.
CREATE UNIQUE INDEX "personality_attempts_one_open" ON "personality_attempts" ("user_id") WHERE "completed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "personality_attempts_user_completed" ON "personality_attempts" ("user_id", "completed_at");
--> statement-breakpoint
ALTER TABLE "personality_attempts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY personality_attempts_owner ON "personality_attempts" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "personality_attempts" TO mindprint_app;
--> statement-breakpoint
-- Every domain and facet score of a completed questionnaire: the raw sum, its percentile in the norm group, the level.
CREATE TABLE "trait_scores" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "attempt_id" uuid NOT NULL REFERENCES "personality_attempts"("id") ON DELETE CASCADE,
  -- A domain ('O') or a facet ('O3').
  "trait" text NOT NULL,
  "raw" smallint NOT NULL,
  "percentile" smallint NOT NULL,
  "level" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "trait_scores_trait_known" CHECK ("trait" ~ '^[NEOAC][1-6]?$'),
  CONSTRAINT "trait_scores_percentile_range" CHECK ("percentile" BETWEEN 1 AND 99),
  CONSTRAINT "trait_scores_level_known" CHECK ("level" IN ('low', 'average', 'high'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trait_scores_attempt_trait" ON "trait_scores" ("attempt_id", "trait");
--> statement-breakpoint
CREATE INDEX "trait_scores_user" ON "trait_scores" ("user_id");
--> statement-breakpoint
ALTER TABLE "trait_scores" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY trait_scores_owner ON "trait_scores" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "trait_scores" TO mindprint_app;
--> statement-breakpoint
-- The traits the latest profile adds to each consciousness-mapping domain (facet names with their level).
CREATE TABLE "consciousness_traits" (
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "category" text NOT NULL,
  "traits" text[] DEFAULT '{}' NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "consciousness_traits_pk" PRIMARY KEY ("user_id", "category"),
  CONSTRAINT "consciousness_traits_category_known" CHECK ("category" IN ('business', 'family', 'philosophical', 'creative'))
);
--> statement-breakpoint
ALTER TABLE "consciousness_traits" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY consciousness_traits_owner ON "consciousness_traits" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "consciousness_traits" TO mindprint_app;
