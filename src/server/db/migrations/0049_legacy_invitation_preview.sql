-- Issue 34. The invitation page names the person who sent it, before anyone signs in: the first name that person gave
-- in their profile (never their e-mail), and the role. Only a valid link answers (open and unexpired, or accepted).
CREATE FUNCTION legacy_invitation_preview(token_hash text)
  RETURNS TABLE (owner_first_name text, role text, problem text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT CASE WHEN c.id IS NULL OR (c.accepted_at IS NULL AND c.invite_expires_at <= now()) THEN NULL ELSE nullif(btrim(p.first_name), '') END,
           CASE WHEN c.id IS NULL OR (c.accepted_at IS NULL AND c.invite_expires_at <= now()) THEN NULL ELSE c.role END,
           CASE WHEN c.id IS NULL THEN 'unknown' WHEN c.accepted_at IS NULL AND c.invite_expires_at <= now() THEN 'expired' ELSE NULL END
      FROM (SELECT 1) AS one
      LEFT JOIN legacy_contacts c ON c.invite_token_hash = token_hash
      LEFT JOIN profiles p ON p.user_id = c.user_id
  $$;
--> statement-breakpoint
-- A contact's view of a pending release gains the day its waiting period ends (the earliest it can happen), so an
-- executor is told when a release they confirm will take place.
CREATE FUNCTION legacy_release_after_for_my_contact(contact uuid) RETURNS timestamptz
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT r.veto_until FROM legacy_contacts c JOIN legacy_releases r ON r.user_id = c.user_id
     WHERE c.id = contact AND c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL AND r.state = 'pending'
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_invitation_preview(text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_release_after_for_my_contact(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_invitation_preview(text) TO mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_release_after_for_my_contact(uuid) TO mindprint_app;
