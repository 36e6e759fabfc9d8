-- Legacy, part 1 (issue 15): how a legacy is released. The owner chooses the triggers (inactivity after 3, 6, 12 or 18
-- months without a sign-in; a death report by an accepted contact) and a veto window of 1 to 30 days. A trigger makes
-- the legacy `pending`; it becomes `released` only after the window has passed with no veto and an executor (or two
-- contacts, or the only contact) confirmed. Every transition is written to an append-only audit log.
ALTER TABLE "legacy_releases" ADD COLUMN "inactivity_months" integer;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "inactivity_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "death_reports" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "veto_days" integer DEFAULT 7 NOT NULL;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "pending_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "pending_reason" text;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "veto_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "still_here_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "reminded_days" integer;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "still_here_token_hash" text;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD CONSTRAINT "legacy_releases_inactivity_months" CHECK ("inactivity_months" IN (3, 6, 12, 18));
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD CONSTRAINT "legacy_releases_veto_days" CHECK ("veto_days" BETWEEN 1 AND 30);
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD CONSTRAINT "legacy_releases_pending" CHECK (("state" = 'pending') = ("pending_since" IS NOT NULL AND "veto_until" IS NOT NULL AND "pending_reason" IN ('inactivity', 'death_report')));
--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_releases_still_here_token" ON "legacy_releases" ("still_here_token_hash") WHERE "still_here_token_hash" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "legacy_confirmations" (
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "contact_id" uuid NOT NULL REFERENCES "legacy_contacts"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "contact_id")
);
--> statement-breakpoint
ALTER TABLE "legacy_confirmations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY legacy_confirmations_owner ON "legacy_confirmations" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "legacy_confirmations" TO mindprint_app;
--> statement-breakpoint
CREATE TABLE "legacy_audit" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "at" timestamp with time zone NOT NULL,
  "actor" text NOT NULL,
  "action" text NOT NULL,
  "from_state" text NOT NULL,
  "to_state" text NOT NULL,
  "note" text
);
--> statement-breakpoint
CREATE INDEX "legacy_audit_user_at" ON "legacy_audit" ("user_id", "at");
--> statement-breakpoint
ALTER TABLE "legacy_audit" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Append-only: the app may read and add its owner's entries, never change or remove one.
CREATE POLICY legacy_audit_owner_read ON "legacy_audit" FOR SELECT TO mindprint_app USING (user_id = app_current_user_id());
--> statement-breakpoint
CREATE POLICY legacy_audit_owner_add ON "legacy_audit" FOR INSERT TO mindprint_app WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "legacy_audit" FROM mindprint_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "legacy_audit" TO mindprint_app;
--> statement-breakpoint
-- The owner a signed-in contact acts for, through the contact row that names them (accepted, theirs); NULL otherwise.
CREATE FUNCTION legacy_owner_of_my_contact(contact uuid) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.user_id FROM legacy_contacts c
     WHERE c.id = contact AND c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL
  $$;
--> statement-breakpoint
-- Owners the release scheduler must look at: an inactivity trigger set, or a release pending.
CREATE FUNCTION legacy_owners_to_check() RETURNS TABLE (user_id text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.user_id FROM legacy_releases r WHERE (r.state = 'active' AND r.inactivity_months IS NOT NULL) OR r.state = 'pending'
  $$;
--> statement-breakpoint
-- The owner whose "I'm still here" link this is (the token's SHA-256), for the one-click reset.
CREATE FUNCTION legacy_owner_of_still_here(token_hash text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT r.user_id FROM legacy_releases r WHERE r.still_here_token_hash = token_hash $$;

--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_owner_of_my_contact(uuid) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_owners_to_check() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_owner_of_still_here(text) FROM PUBLIC;

--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_owner_of_my_contact(uuid) TO mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_owners_to_check() TO mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_owner_of_still_here(text) TO mindprint_app;

--> statement-breakpoint
-- A contact's view of the people who named them gains where each legacy stands, whether a death report may start
-- its release, and whether this contact already confirmed a pending one.
DROP FUNCTION legacy_people_naming_me();
--> statement-breakpoint
CREATE FUNCTION legacy_people_naming_me()
  RETURNS TABLE (contact_id uuid, owner_name text, owner_email text, role text, relationship text, accepted_at timestamptz, state text, death_reports boolean, confirmed_by_me boolean)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.id, coalesce(nullif(btrim(p.first_name), ''), nullif(btrim(u.name), ''), u.email), u.email, c.role, c.relationship, c.accepted_at,
           coalesce(r.state, 'active'), coalesce(r.death_reports, true),
           EXISTS (SELECT 1 FROM legacy_confirmations f WHERE f.user_id = c.user_id AND f.contact_id = c.id)
      FROM legacy_contacts c
      JOIN "user" u ON u.id = c.user_id
      LEFT JOIN profiles p ON p.user_id = c.user_id
      LEFT JOIN legacy_releases r ON r.user_id = c.user_id
     WHERE c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL
     ORDER BY c.accepted_at
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_people_naming_me() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_people_naming_me() TO mindprint_app;
