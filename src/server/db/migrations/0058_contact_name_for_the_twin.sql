-- A released twin speaks to the contact asking (issue 41): "with Ada and me holding his hands", asked by Ada, is said
-- "with you and me holding his hands". The twin needs the name the owner gave that contact, which is the contact's own
-- row to read; the function gains it as its last column, so every existing caller reads what it read before.
DROP FUNCTION legacy_people_naming_me();
--> statement-breakpoint
CREATE FUNCTION legacy_people_naming_me()
  RETURNS TABLE (contact_id uuid, owner_name text, owner_email text, role text, relationship text, accepted_at timestamptz, state text, death_reports boolean, confirmed_by_me boolean, contact_name text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.id, coalesce(nullif(btrim(p.first_name), ''), nullif(btrim(u.name), ''), u.email), u.email, c.role, c.relationship, c.accepted_at,
           coalesce(r.state, 'active'), coalesce(r.death_reports, true),
           EXISTS (SELECT 1 FROM legacy_confirmations f WHERE f.user_id = c.user_id AND f.contact_id = c.id),
           c.name
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
