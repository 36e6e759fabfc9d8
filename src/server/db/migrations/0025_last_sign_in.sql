-- When each person last signed in, kept apart from their sessions (issue 15 review): Better Auth deletes a session
-- row on sign-out, on expiry and at the absolute cap, so the newest session cannot tell how long someone has been
-- silent. The inactivity trigger of a legacy reads this instead. Row-level secured; written at session creation.
CREATE TABLE "user_activity" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "last_sign_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_activity" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_activity_owner ON "user_activity" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "user_activity" TO mindprint_app;
--> statement-breakpoint
-- Existing accounts start from their newest session (the best evidence there is).
INSERT INTO user_activity (user_id, last_sign_in_at) SELECT s.user_id, max(s.created_at) FROM session s GROUP BY s.user_id;
