-- Consciousness Capture (issue 18): a recording made in a guided session knows the question it answers and keeps the
-- summary of the voice signals measured on the person's device while it was made; a memory saved from a session keeps
-- the question as its context, which prompt it answers, and the recording it came with.
ALTER TABLE "voice_sessions" ADD COLUMN "capture_prompt_id" text;
--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD COLUMN "signals" jsonb;
--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD CONSTRAINT "voice_sessions_capture_prompt_format" CHECK ("capture_prompt_id" IS NULL OR ("capture_prompt_id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("capture_prompt_id") <= 80));
--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD CONSTRAINT "voice_sessions_signals_object" CHECK ("signals" IS NULL OR jsonb_typeof("signals") = 'object');
--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "context" text;
--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "capture_prompt_id" text;
--> statement-breakpoint
-- The recording a captured memory was spoken in; the memory stays when the recording is deleted.
ALTER TABLE "memories" ADD COLUMN "voice_session_id" uuid REFERENCES "voice_sessions"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_context_length" CHECK ("context" IS NULL OR length("context") <= 400);
--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_capture_prompt_format" CHECK ("capture_prompt_id" IS NULL OR ("capture_prompt_id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("capture_prompt_id") <= 80));
--> statement-breakpoint
-- Which prompts a person has answered, for the next session's questions.
CREATE INDEX "memories_user_capture_prompt" ON "memories" ("user_id", "capture_prompt_id") WHERE "capture_prompt_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "memories_voice_session" ON "memories" ("voice_session_id") WHERE "voice_session_id" IS NOT NULL;
