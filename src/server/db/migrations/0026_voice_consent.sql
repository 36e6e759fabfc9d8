-- Voice-use consent, the "voice will" (issue 15): before any clone is trained, the owner records themselves reading a
-- statement that names them, the date and the scope. The recording is an ordinary voice session marked `consent`
-- (so it never trains a clone and is never deleted on its own), with its SHA-256; the consent row keeps the scope, the
-- statement as read, the hash and the duration. At most one consent is in force per owner; revoking one keeps the
-- record (when, what was agreed) and deletes every clone.
ALTER TABLE "voice_sessions" ADD COLUMN "purpose" text DEFAULT 'training' NOT NULL;
--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD COLUMN "sha256" text;
--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD CONSTRAINT "voice_sessions_purpose_known" CHECK ("purpose" IN ('training', 'consent'));
--> statement-breakpoint
-- A consent recording never trains a clone.
ALTER TABLE "voice_sessions" ADD CONSTRAINT "voice_sessions_consent_untrained" CHECK ("purpose" = 'training' OR "voice_profile_id" IS NULL);
--> statement-breakpoint
CREATE TABLE "voice_consents" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  -- NO ACTION (not CASCADE): the recording cannot be deleted from under its consent, but an account's deletion
  -- removes both in one statement.
  "voice_session_id" uuid NOT NULL REFERENCES "voice_sessions"("id"),
  "scope" text NOT NULL,
  "statement" text NOT NULL,
  "sha256" text NOT NULL,
  "duration_seconds" real NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "revoked_at" timestamp with time zone,
  -- Ended because the owner recorded a newer consent (say, a wider scope) rather than by revoking: the clones stayed.
  "replaced" boolean DEFAULT false NOT NULL,
  CONSTRAINT "voice_consents_scope_known" CHECK ("scope" IN ('only-me', 'contacts-after-release', 'public-memorial')),
  CONSTRAINT "voice_consents_sha256_hex" CHECK ("sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "voice_consents_user_id_idx" ON "voice_consents" ("user_id", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "voice_consents_one_in_force" ON "voice_consents" ("user_id") WHERE "revoked_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "voice_consents_session" ON "voice_consents" ("voice_session_id");
--> statement-breakpoint
ALTER TABLE "voice_consents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY voice_consents_owner ON "voice_consents" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
-- Rows are recorded and revoked, never deleted but with the account.
GRANT SELECT, INSERT, UPDATE ON "voice_consents" TO mindprint_app;
