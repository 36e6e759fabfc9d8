-- A reminder e-mail gives a waiting address fresh links (place, unsubscribe). The links of the e-mails before it keep
-- working until they expire (30 days after they were replaced), so typing an address into the waitlist again never
-- breaks a link its owner already has (issue 40, finding 7). Not user-owned, like the waitlist: only the sign-in
-- pool's role reaches it.
CREATE TABLE IF NOT EXISTS "waitlist_earlier_links" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "entry_id" uuid NOT NULL REFERENCES "waitlist_entries"("id") ON DELETE CASCADE,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_earlier_links_entry_idx" ON "waitlist_earlier_links" USING btree ("entry_id");
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "waitlist_earlier_links" TO mindprint_auth;
