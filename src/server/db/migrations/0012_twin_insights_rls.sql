-- Insights belong to their owner: same policy as profiles (see 0001).
ALTER TABLE "twin_insights" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY twin_insights_owner ON "twin_insights" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
