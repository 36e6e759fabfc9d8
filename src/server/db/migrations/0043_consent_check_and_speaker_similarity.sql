-- Issue 33. A voice consent recording is checked against its statement by the offline recogniser before it is
-- accepted; where none is installed it is accepted and marked 'not-checked'. Consents recorded before this check
-- existed were not checked, which is what the default says.
ALTER TABLE "voice_consents" ADD COLUMN "check_result" text DEFAULT 'not-checked' NOT NULL;
--> statement-breakpoint
ALTER TABLE "voice_consents" ADD COLUMN "phrases_heard" integer;
--> statement-breakpoint
ALTER TABLE "voice_consents" ADD COLUMN "phrases_listened" integer;
--> statement-breakpoint
ALTER TABLE "voice_consents" ADD CONSTRAINT "voice_consents_check_known" CHECK (
  ("check_result" = 'heard' AND "phrases_heard" BETWEEN 0 AND "phrases_listened")
  OR ("check_result" = 'not-checked' AND "phrases_heard" IS NULL AND "phrases_listened" IS NULL)
);
--> statement-breakpoint
-- The similarity stored until now compared prosody (pitch, range, pace) with a lenient timbre term, so an espeak
-- approximation read like a near-perfect clone (92.5 %). It measured something else than it said: those figures are
-- withdrawn, and a clone trained again gets the calibrated speaker similarity (docs/formulas.md).
UPDATE "voice_profiles" SET "similarity_score" = NULL WHERE "similarity_score" IS NOT NULL;
