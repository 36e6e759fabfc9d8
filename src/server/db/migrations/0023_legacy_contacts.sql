-- Legacy, part 1 (issue 15): the people an owner names to receive their legacy. Up to 10 per owner, ordered, each a
-- `contact` or an `executor`, invited by e-mail (the token's SHA-256 only, valid 14 days) and accepted by signing in
-- with that address. The owner's rows are row-level secured like every other; a contact reaches the rows that name
-- them only through the SECURITY DEFINER functions below, which check the signed-in account and its address.
CREATE TABLE "legacy_contacts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "name" text NOT NULL,
  "email" text NOT NULL,
  "relationship" text NOT NULL,
  "role" text DEFAULT 'contact' NOT NULL,
  "invite_token_hash" text,
  "invited_at" timestamp with time zone DEFAULT now() NOT NULL,
  "invite_expires_at" timestamp with time zone NOT NULL,
  "accepted_at" timestamp with time zone,
  "contact_user_id" text REFERENCES "user"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "legacy_contacts_role_known" CHECK ("role" IN ('contact', 'executor')),
  CONSTRAINT "legacy_contacts_email_lower" CHECK ("email" = lower(btrim("email"))),
  CONSTRAINT "legacy_contacts_position_range" CHECK ("position" BETWEEN 1 AND 10),
  -- A contact account is linked only by accepting (and unlinked if that account is deleted).
  CONSTRAINT "legacy_contacts_accepted" CHECK ("accepted_at" IS NOT NULL OR "contact_user_id" IS NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_contacts_owner_email" ON "legacy_contacts" ("user_id", "email");
--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_contacts_token" ON "legacy_contacts" ("invite_token_hash") WHERE "invite_token_hash" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "legacy_contacts_contact_user" ON "legacy_contacts" ("contact_user_id") WHERE "contact_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "legacy_contacts_email" ON "legacy_contacts" ("email");
--> statement-breakpoint
ALTER TABLE "legacy_contacts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY legacy_contacts_owner ON "legacy_contacts" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "legacy_contacts" TO mindprint_app;
--> statement-breakpoint
-- Accepting an invitation, as the signed-in account (app_current_user_id()) whose address is `accepting_email`: the
-- token must be current and sent to that very address, and the owner cannot be their own contact. Answers the row's
-- id and owner when it was accepted (again, idempotently, by the same account), and an empty set otherwise: the caller
-- says why by asking legacy_invitation_problem.
CREATE FUNCTION legacy_accept_invitation(token_hash text, accepting_email text)
  RETURNS TABLE (contact_id uuid, owner_id text)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    UPDATE legacy_contacts c
       SET accepted_at = coalesce(c.accepted_at, now()), contact_user_id = app_current_user_id()
     WHERE c.invite_token_hash = token_hash
       AND c.email = lower(btrim(accepting_email))
       AND c.user_id <> app_current_user_id()
       AND (c.accepted_at IS NOT NULL OR c.invite_expires_at > now())
       AND (c.contact_user_id IS NULL OR c.contact_user_id = app_current_user_id())
    RETURNING c.id, c.user_id
  $$;
--> statement-breakpoint
-- Why an invitation cannot be accepted by the signed-in address: 'unknown' (no such token: revoked, replaced by a
-- resend, or never sent), 'expired', 'other_address' (sent to someone else), or NULL when nothing stands in the way.
CREATE FUNCTION legacy_invitation_problem(token_hash text, accepting_email text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT CASE
      WHEN c.id IS NULL THEN 'unknown'
      WHEN c.email <> lower(btrim(accepting_email)) OR c.user_id = app_current_user_id() THEN 'other_address'
      WHEN c.accepted_at IS NULL AND c.invite_expires_at <= now() THEN 'expired'
      WHEN c.contact_user_id IS NOT NULL AND c.contact_user_id <> app_current_user_id() THEN 'other_address'
      ELSE NULL END
    FROM (SELECT 1) AS one LEFT JOIN legacy_contacts c ON c.invite_token_hash = token_hash
  $$;
--> statement-breakpoint
-- The people who named the signed-in account, and how: before release a contact learns only this (issue 15).
CREATE FUNCTION legacy_people_naming_me()
  RETURNS TABLE (contact_id uuid, owner_name text, owner_email text, role text, relationship text, accepted_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.id, coalesce(nullif(btrim(p.first_name), ''), nullif(btrim(u.name), ''), u.email), u.email, c.role, c.relationship, c.accepted_at
      FROM legacy_contacts c
      JOIN "user" u ON u.id = c.user_id
      LEFT JOIN profiles p ON p.user_id = c.user_id
     WHERE c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL
     ORDER BY c.accepted_at
  $$;
--> statement-breakpoint
-- Whether an address was named by someone, with an invitation still open or accepted: such a person may sign in
-- in allow-list mode without being invited from the waitlist (the access guard).
CREATE FUNCTION legacy_contact_address_known(address text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT EXISTS (SELECT 1 FROM legacy_contacts c WHERE c.email = lower(btrim(address)) AND (c.accepted_at IS NOT NULL OR c.invite_expires_at > now()))
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_accept_invitation(text, text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_invitation_problem(text, text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_people_naming_me() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_contact_address_known(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_accept_invitation(text, text) TO mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_invitation_problem(text, text) TO mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_people_naming_me() TO mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_contact_address_known(text) TO mindprint_app;
