-- Legacy, part 2 (issue 16): a contact's conversations with the released twin of someone who named them. Each row
-- belongs to the visitor (`user_id`, row-level secured like every other table, exported with the visitor's data); the
-- owner whose twin answered is `owner_id` (null once that account is deleted: the visitor keeps their conversation,
-- with `owner_name`). No other visitor, and not the owner's own twin history, ever reads them.
CREATE TABLE "legacy_visitor_messages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "owner_id" text REFERENCES "user"("id") ON DELETE SET NULL,
  -- Whose twin it was, as the visitor knew them, so their own export can say so.
  "owner_name" text NOT NULL,
  "message_type" text NOT NULL,
  "prompt" text NOT NULL,
  "response" text DEFAULT '' NOT NULL,
  "lineage" jsonb,
  "model_name" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "legacy_visitor_messages_type_known" CHECK ("message_type" IN ('user', 'ai'))
);
--> statement-breakpoint
CREATE INDEX "legacy_visitor_messages_visitor" ON "legacy_visitor_messages" ("user_id", "owner_id", "created_at");
--> statement-breakpoint
CREATE INDEX "legacy_visitor_messages_owner" ON "legacy_visitor_messages" ("owner_id");
--> statement-breakpoint
ALTER TABLE "legacy_visitor_messages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY legacy_visitor_messages_visitor ON "legacy_visitor_messages" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT ON "legacy_visitor_messages" TO mindprint_app;
--> statement-breakpoint
-- Kept as said: the app may add to a conversation, never rewrite it (the default privileges would allow it).
REVOKE UPDATE, DELETE ON "legacy_visitor_messages" FROM mindprint_app;
