-- Voice and twin tables belong to their owner: same policy as profiles (see 0001).
ALTER TABLE "voice_profiles" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY voice_profiles_owner ON "voice_profiles" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
ALTER TABLE "voice_sessions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY voice_sessions_owner ON "voice_sessions" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
ALTER TABLE "twin_conversations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY twin_conversations_owner ON "twin_conversations" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
