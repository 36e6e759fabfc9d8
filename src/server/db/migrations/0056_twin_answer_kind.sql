-- Issue 47: every stored answer keeps what it is, so a conversation read back from the server knows a support message
-- from the twin's own answer (before, only the live stream said so, and a reloaded support message was offered to be
-- heard in the owner's voice). 'answer' is the twin speaking; 'support' the message to a person in crisis; 'identity'
-- the prepared answer to "Are you real?"; 'notice' a notice about the conversation itself. Questions have none.
ALTER TABLE "twin_conversations" ADD COLUMN "kind" text;
--> statement-breakpoint
ALTER TABLE "legacy_visitor_messages" ADD COLUMN "kind" text;
--> statement-breakpoint
-- Earlier rows: the prepared messages were stored under their own model names (answer.ts), so those tell them apart.
UPDATE "twin_conversations" SET "kind" = CASE "model_name" WHEN 'Mindprint support message' THEN 'support' WHEN 'Mindprint' THEN 'identity' ELSE 'answer' END
WHERE "message_type" = 'ai';
--> statement-breakpoint
UPDATE "legacy_visitor_messages" SET "kind" = CASE "model_name" WHEN 'Mindprint support message' THEN 'support' WHEN 'Mindprint' THEN 'identity' ELSE 'answer' END
WHERE "message_type" = 'ai';
--> statement-breakpoint
-- No default: a new way of storing answers that forgot the kind fails here instead of passing for the twin's voice.
ALTER TABLE "twin_conversations" ADD CONSTRAINT "twin_conversations_kind_known"
  CHECK (("message_type" = 'ai' AND "kind" IS NOT NULL AND "kind" IN ('answer', 'support', 'identity', 'notice')) OR ("message_type" <> 'ai' AND "kind" IS NULL));
--> statement-breakpoint
ALTER TABLE "legacy_visitor_messages" ADD CONSTRAINT "legacy_visitor_messages_kind_known"
  CHECK (("message_type" = 'ai' AND "kind" IS NOT NULL AND "kind" IN ('answer', 'support', 'identity', 'notice')) OR ("message_type" <> 'ai' AND "kind" IS NULL));
