-- Onboarding tables belong to their owner: same policy as profiles (see 0001).
ALTER TABLE "digital_twin_validation_feedback" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY validation_feedback_owner ON "digital_twin_validation_feedback" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
ALTER TABLE "ai_reflections" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY ai_reflections_owner ON "ai_reflections" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
