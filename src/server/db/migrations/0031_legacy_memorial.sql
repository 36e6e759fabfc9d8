-- Legacy, part 2 (issue 16): the public memorial and the end of a retired legacy.
-- An owner may open a memorial at /memorial/{slug}: after release anyone may read their `public` memories whose seals
-- have opened, and ask their twin (which answers from those alone). The address is the owner's choice, unique.
ALTER TABLE "legacy_releases" ADD COLUMN "memorial_slug" text;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "memorial_indexing" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD CONSTRAINT "legacy_releases_memorial_slug_format"
  CHECK ("memorial_slug" IS NULL OR "memorial_slug" ~ '^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$');
--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_releases_memorial_slug" ON "legacy_releases" ("memorial_slug");
--> statement-breakpoint
-- Every memorial address ever chosen, kept after its owner moves to another or their account is erased: an address
-- printed in an obituary or listed by a search engine must never lead to someone else's memorial. Read and written
-- only through claim_memorial_address() (no grants to the app role).
CREATE TABLE "memorial_addresses" (
  "slug" text PRIMARY KEY NOT NULL,
  "user_id" text REFERENCES "user"("id") ON DELETE SET NULL,
  "claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memorial_addresses" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Whether the signed-in owner may use `wanted`: it is free (and now theirs for good) or already theirs.
CREATE FUNCTION claim_memorial_address(wanted text) RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF app_current_user_id() IS NULL THEN RETURN false; END IF;
    INSERT INTO memorial_addresses (slug, user_id) VALUES (wanted, app_current_user_id()) ON CONFLICT (slug) DO NOTHING;
    RETURN EXISTS (SELECT 1 FROM memorial_addresses WHERE slug = wanted AND user_id = app_current_user_id());
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION claim_memorial_address(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION claim_memorial_address(text) TO mindprint_app;
--> statement-breakpoint
-- The last reminder sent to the contacts before a retired legacy's reading period ends (30 or 7 days before).
ALTER TABLE "legacy_releases" ADD COLUMN "erasure_reminded_days" integer;
--> statement-breakpoint
-- The memorial an anonymous visitor's transaction reads (withMemorialScope sets it, with app.now and no user).
CREATE FUNCTION app_memorial_slug() RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('app.memorial', true), '') $$;
--> statement-breakpoint
-- The memorial being visited, answered only while it may be visited: opened by its owner, the legacy released (or
-- paused, or retired and within the reading period the owner chose). The owner's first name, never their address;
-- nothing of what was written for the people they named (their introduction, the executor's pause note).
CREATE FUNCTION memorial_release()
  RETURNS TABLE (owner_id text, owner_name text, state text, released_at timestamptz, readable_until timestamptz, indexing boolean)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.user_id, coalesce(nullif(btrim(p.first_name), ''), nullif(btrim(u.name), ''), 'Someone'), r.state, r.released_at,
           CASE WHEN r.state = 'retired' THEN r.retired_at + make_interval(months => r.retention_months) END,
           r.memorial_indexing
      FROM legacy_releases r
      JOIN "user" u ON u.id = r.user_id
      LEFT JOIN profiles p ON p.user_id = r.user_id
     WHERE r.memorial_slug = app_memorial_slug()
       AND r.state IN ('released', 'paused', 'retired')
       AND (r.state <> 'retired' OR r.retired_at + make_interval(months => r.retention_months) > app_now())
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memorial_release() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memorial_release() TO mindprint_app;
--> statement-breakpoint
-- The memorial of the owner who named the caller through `contact`, once there is one to visit (for them to share).
CREATE FUNCTION legacy_memorial_of_my_contact(contact uuid) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.memorial_slug FROM legacy_contacts c JOIN legacy_releases r ON r.user_id = c.user_id
     WHERE c.id = contact AND c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL
       AND r.memorial_slug IS NOT NULL AND r.state IN ('released', 'paused', 'retired')
       AND (r.state <> 'retired' OR r.retired_at + make_interval(months => r.retention_months) > app_now())
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_memorial_of_my_contact(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_memorial_of_my_contact(uuid) TO mindprint_app;
--> statement-breakpoint
-- A memorial visitor reads the owner's `public` memories whose seals have opened, and nothing else. Without
-- `app.memorial`, or with a signed-in user, the policy matches nothing, so every other query is unchanged.
CREATE POLICY memories_memorial_reader ON "memories" FOR SELECT TO mindprint_app
  USING (
    app_memorial_slug() IS NOT NULL
    AND app_current_user_id() IS NULL
    AND visibility = 'public'
    AND EXISTS (
      SELECT 1 FROM memorial_release() r
       WHERE r.owner_id = memories.user_id
         AND (sealed_until IS NULL OR sealed_until::timestamp AT TIME ZONE 'UTC' <= app_now())
         AND (sealed_days_after_release IS NULL OR r.released_at + make_interval(hours => 24 * sealed_days_after_release) <= app_now())
    )
  );
--> statement-breakpoint
-- The scheduler also looks at every retired legacy: its contacts are reminded before the reading period ends, and
-- then the owner's data is erased.
CREATE OR REPLACE FUNCTION legacy_owners_to_check() RETURNS TABLE (user_id text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.user_id FROM legacy_releases r WHERE (r.state = 'active' AND r.inactivity_months IS NOT NULL) OR r.state IN ('pending', 'retired')
    UNION
    SELECT r.user_id FROM legacy_releases r
     WHERE r.state IN ('released', 'paused')
       AND EXISTS (SELECT 1 FROM memories m
                    WHERE m.user_id = r.user_id AND m.visibility IN ('family', 'public')
                      AND (m.sealed_until IS NOT NULL OR m.sealed_days_after_release IS NOT NULL)
                      AND legacy_seal_opens_at(m.sealed_until, m.sealed_days_after_release, r.released_at) > coalesce(r.seals_announced_until, r.released_at))
  $$;
