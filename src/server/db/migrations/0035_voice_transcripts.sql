-- Transcription of capture answers (issue 18): one transcript per recording, made by the job worker with the engine
-- the server is set up with, for the person to correct before anything is saved to the vault.
CREATE TABLE "voice_transcripts" (
  "voice_session_id" uuid PRIMARY KEY NOT NULL REFERENCES "voice_sessions"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "status" text DEFAULT 'pending' NOT NULL,
  "engine" text NOT NULL,
  "text" text,
  "error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "voice_transcripts_status_known" CHECK ("status" IN ('pending', 'done', 'failed')),
  CONSTRAINT "voice_transcripts_done_has_text" CHECK ("status" <> 'done' OR "text" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "voice_transcripts_user" ON "voice_transcripts" ("user_id");
--> statement-breakpoint
ALTER TABLE "voice_transcripts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY voice_transcripts_owner ON "voice_transcripts" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "voice_transcripts" TO mindprint_app;
