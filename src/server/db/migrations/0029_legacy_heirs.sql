-- Legacy, part 2 (issue 16): the heirs' controls. An executor may pause the released twin (with a message visitors
-- see) and resume it, or retire it for good; after retirement visitors keep reading the released memories for the
-- period the owner chose (3 to 36 months, 12 by default), then they are no longer reachable.
ALTER TABLE "legacy_releases" ADD COLUMN "retention_months" integer DEFAULT 12 NOT NULL;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD CONSTRAINT "legacy_releases_retention_months" CHECK ("retention_months" IN (3, 6, 12, 24, 36));
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "pause_message" text;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "retired_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD CONSTRAINT "legacy_releases_retired" CHECK (("state" = 'retired') = ("retired_at" IS NOT NULL));
--> statement-breakpoint
-- Readers reach a retired legacy only until its retention period ends (the memories policy asks this function).
CREATE OR REPLACE FUNCTION legacy_reader_release() RETURNS TABLE (state text, released_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.state, r.released_at FROM legacy_releases r
     WHERE r.user_id = app_reading_owner_id()
       AND r.state IN ('released', 'paused', 'retired')
       AND (r.state <> 'retired' OR r.retired_at + make_interval(months => r.retention_months) > app_now())
       AND EXISTS (SELECT 1 FROM legacy_contacts c
                    WHERE c.user_id = r.user_id AND c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL)
  $$;
--> statement-breakpoint
-- The release history as the owner's contacts see it, in summary: who did what and when, from the moment a release
-- was set in motion (the owner's own settings changes while nothing is happening stay theirs).
CREATE FUNCTION legacy_history_for_my_contact(contact uuid) RETURNS TABLE (at timestamptz, actor text, action text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT a.at, a.actor, a.action FROM legacy_audit a
      JOIN legacy_contacts c ON c.user_id = a.user_id
     WHERE c.id = contact AND c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL
       AND NOT (a.from_state = 'active' AND a.to_state = 'active')
     ORDER BY a.at DESC, a.id DESC
     LIMIT 20
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_history_for_my_contact(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_history_for_my_contact(uuid) TO mindprint_app;
--> statement-breakpoint
-- Seals that open after release are announced to the contacts by e-mail; this is how far the announcements reached.
ALTER TABLE "legacy_releases" ADD COLUMN "seals_announced_until" timestamp with time zone;
--> statement-breakpoint
-- The moment a family or public memory's seal opens for readers, given when the legacy was released.
CREATE FUNCTION legacy_seal_opens_at(sealed_until date, sealed_days integer, released_at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT greatest(sealed_until::timestamp AT TIME ZONE 'UTC', released_at + make_interval(hours => 24 * sealed_days)) $$;
--> statement-breakpoint
-- The scheduler also looks at released legacies with a seal still to announce.
CREATE OR REPLACE FUNCTION legacy_owners_to_check() RETURNS TABLE (user_id text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.user_id FROM legacy_releases r WHERE (r.state = 'active' AND r.inactivity_months IS NOT NULL) OR r.state = 'pending'
    UNION
    SELECT r.user_id FROM legacy_releases r
     WHERE r.state IN ('released', 'paused', 'retired')
       AND EXISTS (SELECT 1 FROM memories m
                    WHERE m.user_id = r.user_id AND m.visibility IN ('family', 'public')
                      AND (m.sealed_until IS NOT NULL OR m.sealed_days_after_release IS NOT NULL)
                      AND legacy_seal_opens_at(m.sealed_until, m.sealed_days_after_release, r.released_at) > coalesce(r.seals_announced_until, r.released_at))
  $$;
--> statement-breakpoint
-- The owner's own words for how their twin introduces itself to the people they named (default words otherwise).
ALTER TABLE "legacy_releases" ADD COLUMN "introduction" text;
--> statement-breakpoint
-- What a reader is told about the twin of the owner they read: the executor's pause message, until when a retired
-- legacy stays readable, and the owner's own introduction. Same conditions as legacy_reader_release().
CREATE FUNCTION legacy_reader_notice() RETURNS TABLE (pause_message text, readable_until timestamptz, introduction text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.pause_message, CASE WHEN r.state = 'retired' THEN r.retired_at + make_interval(months => r.retention_months) END, r.introduction
      FROM legacy_releases r
     WHERE r.user_id = app_reading_owner_id()
       AND r.state IN ('released', 'paused', 'retired')
       AND (r.state <> 'retired' OR r.retired_at + make_interval(months => r.retention_months) > app_now())
       AND EXISTS (SELECT 1 FROM legacy_contacts c
                    WHERE c.user_id = r.user_id AND c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_reader_notice() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_reader_notice() TO mindprint_app;
