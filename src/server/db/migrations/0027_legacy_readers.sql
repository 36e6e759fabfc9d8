-- Legacy, part 2 (issue 16): a legacy contact reads the released memories of the owner who named them. The rule is
-- held by the database itself, not only by the service: a reader's transaction sets `app.user_id` to the contact and
-- `app.reading_owner` to the owner (withReaderScope), and a second policy on `memories` lets it read that owner's rows
-- only while this account is an accepted contact, the legacy has been released (released, paused or retired), the
-- audience is `family` or `public`, and the seal has opened: exactly what the reader rule lets a contact see. (The
-- visitor's twin retrieves in the owner's scope and never uses `twin-only` memories, decision 0017.) Without
-- `app.reading_owner` the policy matches nothing, so the owner's own queries are unchanged.
CREATE FUNCTION app_reading_owner_id() RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('app.reading_owner', true), '') $$;
--> statement-breakpoint
-- The time the reader's rules run on: the app's clock for this transaction (`app.now`, set with the reading owner, so
-- the service's rule and this policy agree even when development moves the app's clock forward), else now().
CREATE FUNCTION app_now() RETURNS timestamptz
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(NULLIF(current_setting('app.now', true), '')::timestamptz, now()) $$;
--> statement-breakpoint
-- Where the legacy of the owner being read stands, answered only to one of that owner's accepted contacts and only
-- once released (no row otherwise).
CREATE FUNCTION legacy_reader_release() RETURNS TABLE (state text, released_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.state, r.released_at FROM legacy_releases r
     WHERE r.user_id = app_reading_owner_id()
       AND r.state IN ('released', 'paused', 'retired')
       AND EXISTS (SELECT 1 FROM legacy_contacts c
                    WHERE c.user_id = r.user_id AND c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_reader_release() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_reader_release() TO mindprint_app;
--> statement-breakpoint
CREATE POLICY memories_legacy_reader ON "memories" FOR SELECT TO mindprint_app
  USING (
    user_id = app_reading_owner_id()
    AND visibility IN ('family', 'public')
    AND EXISTS (
      SELECT 1 FROM legacy_reader_release() r
       WHERE (sealed_until IS NULL OR sealed_until::timestamp AT TIME ZONE 'UTC' <= app_now())
         AND (sealed_days_after_release IS NULL OR r.released_at + make_interval(hours => 24 * sealed_days_after_release) <= app_now())
    )
  );
--> statement-breakpoint
-- The memories still sealed that this reader will be able to read once they open: only the day each opens, never
-- their content (the contact's page shows "Sealed until {date}"). Family and public ones only; nothing before release.
CREATE FUNCTION legacy_reader_sealed_days() RETURNS TABLE (opens_on date, count integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT o.opens_on, count(*)::int FROM (
      SELECT greatest(m.sealed_until, ((r.released_at + make_interval(hours => 24 * m.sealed_days_after_release)) AT TIME ZONE 'UTC')::date) AS opens_on,
             m.sealed_until, m.sealed_days_after_release, r.released_at
        FROM memories m, legacy_reader_release() r
       WHERE m.user_id = app_reading_owner_id()
         AND m.visibility IN ('family', 'public')
         AND ((m.sealed_until IS NOT NULL AND m.sealed_until::timestamp AT TIME ZONE 'UTC' > app_now())
           OR (m.sealed_days_after_release IS NOT NULL AND r.released_at + make_interval(hours => 24 * m.sealed_days_after_release) > app_now()))
    ) o
    GROUP BY o.opens_on ORDER BY o.opens_on
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_reader_sealed_days() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_reader_sealed_days() TO mindprint_app;
