-- Issue 42: when the crisis check is unsure, the twin's answer comes after a check-in from Mindprint (what the twin is,
-- and where help is). The answer row keeps that it did, so the conversation read back shows it where it was said.
ALTER TABLE "twin_conversations" ADD COLUMN "check_in" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "legacy_visitor_messages" ADD COLUMN "check_in" boolean NOT NULL DEFAULT false;
