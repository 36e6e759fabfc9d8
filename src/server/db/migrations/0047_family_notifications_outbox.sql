-- Issue 34, "told when it matters" (decision 0033): every e-mail the release sends (to the owner, to each contact) is
-- first a row here, written in the same transaction as the change it tells of, then sent by the scheduler (and at once
-- after the request that made the change) and marked sent. A change that rolls back leaves no mail; a scheduler that
-- dies after the change and before the send leaves the row, and the next run sends it; a row is sent once: the sender
-- locks it, sends and marks it in one transaction. One row per owner, event and recipient (the event key names the
-- change, e.g. `released:2026-12-07T10:00:00.000Z`), so writing the same event twice adds nothing.
CREATE TABLE "legacy_outbox" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "event_key" text NOT NULL,
  "recipient" text NOT NULL,
  "subject" text NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone,
  "attempts" integer DEFAULT 0 NOT NULL,
  "last_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_outbox_event_recipient" ON "legacy_outbox" ("user_id", "event_key", "recipient");
--> statement-breakpoint
CREATE INDEX "legacy_outbox_unsent" ON "legacy_outbox" ("user_id", "created_at") WHERE "sent_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "legacy_outbox" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The owner's scope writes and reads its own mails (a contact's action runs in the owner's scope, as every release
-- change does); the app may mark one sent or count a failed attempt, never change what a mail says or remove one.
CREATE POLICY legacy_outbox_owner_read ON "legacy_outbox" FOR SELECT TO mindprint_app USING (user_id = app_current_user_id());
--> statement-breakpoint
CREATE POLICY legacy_outbox_owner_add ON "legacy_outbox" FOR INSERT TO mindprint_app
  WITH CHECK (user_id = app_current_user_id() AND sent_at IS NULL AND attempts = 0);
--> statement-breakpoint
CREATE POLICY legacy_outbox_owner_mark ON "legacy_outbox" FOR UPDATE TO mindprint_app
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
REVOKE ALL ON "legacy_outbox" FROM mindprint_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "legacy_outbox" TO mindprint_app;
--> statement-breakpoint
GRANT UPDATE ("sent_at", "attempts", "last_error") ON "legacy_outbox" TO mindprint_app;
--> statement-breakpoint
-- The owners with a mail still to send (at most 20 attempts each), for the sender, which then works in each owner's scope.
CREATE FUNCTION legacy_outbox_owners() RETURNS TABLE (user_id text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  AS $$ SELECT DISTINCT o.user_id FROM legacy_outbox o WHERE o.sent_at IS NULL AND o.attempts < 20 $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_outbox_owners() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_outbox_owners() TO mindprint_app;
