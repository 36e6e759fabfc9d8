-- Decision Scenario Testing (issue 17): the person's choices in everyday decisions, their own words, and what their
-- twin predicted before seeing the answer. A scenario is answered once ('first'), and some again at least 14 days later
-- ('retest') to measure how consistent the person is with themselves. Rows are the person's own, row-level secured.
CREATE TABLE "scenario_answers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  -- The scenario's stable id in the bank (features/personality/scenario-bank.ts).
  "scenario_id" text NOT NULL,
  "kind" text NOT NULL,
  -- The option chosen, 1-based.
  "choice" smallint NOT NULL,
  "words" text DEFAULT '' NOT NULL,
  -- The twin's predicted option for a first answer, made before the answer was stored; null when it had nothing to go on.
  "predicted" smallint,
  -- What the prediction drew on: 'profile', 'choices' (other scenarios), 'memories', 'calibration'.
  "basis" text[] DEFAULT '{}' NOT NULL,
  "answered_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "scenario_answers_scenario_id_format" CHECK ("scenario_id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("scenario_id") <= 80),
  CONSTRAINT "scenario_answers_kind_known" CHECK ("kind" IN ('first', 'retest')),
  CONSTRAINT "scenario_answers_choice_range" CHECK ("choice" BETWEEN 1 AND 4),
  CONSTRAINT "scenario_answers_predicted_range" CHECK ("predicted" IS NULL OR "predicted" BETWEEN 1 AND 4),
  CONSTRAINT "scenario_answers_retest_unpredicted" CHECK ("kind" = 'first' OR ("predicted" IS NULL AND "basis" = '{}')),
  CONSTRAINT "scenario_answers_basis_known" CHECK ("basis" <@ ARRAY['profile', 'choices', 'memories', 'calibration']::text[]),
  CONSTRAINT "scenario_answers_words_length" CHECK (length("words") <= 2000)
);
--> statement-breakpoint
-- One first answer and at most one retest per scenario and person.
CREATE UNIQUE INDEX "scenario_answers_once" ON "scenario_answers" ("user_id", "scenario_id", "kind");
--> statement-breakpoint
ALTER TABLE "scenario_answers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY scenario_answers_owner ON "scenario_answers" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
-- Answers are never edited (the twin's prediction was made against the answer as given); deleted with the account.
-- The default privileges of migration 0001 give every new table UPDATE and DELETE too: taken back here.
GRANT SELECT, INSERT ON "scenario_answers" TO mindprint_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON "scenario_answers" FROM mindprint_app;
