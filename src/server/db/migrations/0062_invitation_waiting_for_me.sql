-- Issue 44: a contact who signs in before opening the invitation mail is recognised. The sign-in proved the address
-- (a magic link or Google's verified address), so an open invitation to that very address can be shown, and accepted,
-- without the mailed token. The owner's first name only (never the e-mail), as the invitation page shows it.
CREATE FUNCTION legacy_invitations_waiting_for_me()
  RETURNS TABLE (contact_id uuid, owner_first_name text, role text, relationship text, expires_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.id, nullif(btrim(p.first_name), ''), c.role, c.relationship, c.invite_expires_at
      FROM legacy_contacts c
      JOIN "user" me ON me.id = app_current_user_id() AND me.email_verified AND c.email = lower(btrim(me.email))
      LEFT JOIN profiles p ON p.user_id = c.user_id
     WHERE c.accepted_at IS NULL AND c.invite_expires_at > now() AND c.contact_user_id IS NULL AND c.user_id <> me.id
     ORDER BY c.created_at
  $$;
--> statement-breakpoint
-- Accepts one of those: the same checks as a mailed token's (open, unexpired, to the signed-in verified address, never
-- one's own), by the row's id. Answers the row when accepted, an empty set otherwise.
CREATE FUNCTION legacy_accept_waiting_invitation(contact uuid)
  RETURNS TABLE (contact_id uuid, owner_first_name text, role text)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH accepted AS (
      UPDATE legacy_contacts c
         SET accepted_at = now(), contact_user_id = app_current_user_id()
        FROM "user" me
       WHERE me.id = app_current_user_id() AND me.email_verified AND c.email = lower(btrim(me.email))
         AND c.id = contact AND c.accepted_at IS NULL AND c.invite_expires_at > now() AND c.contact_user_id IS NULL
         AND c.user_id <> me.id
      RETURNING c.id, c.user_id, c.role
    )
    SELECT a.id, nullif(btrim(p.first_name), ''), a.role FROM accepted a LEFT JOIN profiles p ON p.user_id = a.user_id
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_invitations_waiting_for_me() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_accept_waiting_invitation(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_invitations_waiting_for_me() TO mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_accept_waiting_invitation(uuid) TO mindprint_app;
