-- Issue 59. The country a person lives in, optional, asked beside the date of birth: the crisis lines they are shown
-- start with their country's (else the browser's time zone says where they are). ISO 3166-1 alpha-2, or nothing.
ALTER TABLE "profiles" ADD COLUMN "country" text CHECK ("country" ~ '^[A-Z]{2}$');
--> statement-breakpoint
-- A check-in the conversation raised (the message alone did not): a conversation raises one once, after which later
-- messages need a signal of their own. Kept with the answer like check_in, which it implies.
ALTER TABLE "twin_conversations" ADD COLUMN "check_in_by_context" boolean NOT NULL DEFAULT false CHECK (NOT "check_in_by_context" OR "check_in");
--> statement-breakpoint
ALTER TABLE "legacy_visitor_messages" ADD COLUMN "check_in_by_context" boolean NOT NULL DEFAULT false CHECK (NOT "check_in_by_context" OR "check_in");
