-- Age checks (issue 33, decision 0029, SECURITY.md 43). The Terms: 18 or over; 13–17 only with a parent's or guardian's
-- consent; under 13 never. A person states a date of birth once (at sign-up, or before a contact's first talk with a
-- twin); only support corrects it (the operator command, on the owning connection). The feature role may read its own
-- row and write it once, never change it; the sign-in role writes it at sign-up and records a guardian's consent.
CREATE TABLE "age_checks" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "birth_date" date NOT NULL,
  "stated_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- 'self': as the person stated it; 'support': corrected by support (with a note).
  "stated_by" text DEFAULT 'self' NOT NULL,
  -- 13–17: the guardian who was asked, and when they agreed (null until then).
  "guardian_email" text,
  "guardian_confirmed_at" timestamp with time zone,
  "correction_note" text,
  CONSTRAINT "age_checks_stated_by_known" CHECK ("stated_by" IN ('self', 'support')),
  CONSTRAINT "age_checks_plausible" CHECK ("birth_date" >= DATE '1900-01-01'),
  CONSTRAINT "age_checks_guardian_confirmed_named" CHECK ("guardian_confirmed_at" IS NULL OR "guardian_email" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "age_checks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY age_checks_own_read ON "age_checks" FOR SELECT TO mindprint_app USING (user_id = app_current_user_id());
--> statement-breakpoint
-- Written once by the person, as stated: never as support, never with a consent nobody gave.
CREATE POLICY age_checks_own_statement ON "age_checks" FOR INSERT TO mindprint_app
  WITH CHECK (user_id = app_current_user_id() AND stated_by = 'self' AND guardian_confirmed_at IS NULL);
--> statement-breakpoint
REVOKE ALL ON "age_checks" FROM mindprint_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "age_checks" TO mindprint_app;
--> statement-breakpoint
-- Sign-up runs before anyone is known (like Better Auth's own tables): the sign-in role writes the new account's row
-- and, when a guardian agrees, that moment (and nothing else of an existing row).
CREATE POLICY age_checks_sign_in ON "age_checks" FOR ALL TO mindprint_auth USING (true) WITH CHECK (stated_by = 'self');
--> statement-breakpoint
GRANT SELECT, INSERT ON "age_checks" TO mindprint_auth;
--> statement-breakpoint
GRANT UPDATE ("guardian_confirmed_at") ON "age_checks" TO mindprint_auth;
--> statement-breakpoint
-- A guardian's consent asked and not yet given. For a sign-up (user_id null) nothing readable is kept: `sealed` is the
-- address, date of birth and guardian's address encrypted with a key derived from the token in the guardian's e-mail,
-- of which only the SHA-256 is here; it expires after 7 days. For an existing account (a contact asked before their
-- first talk with a twin) it names the account, whose age row waits for the consent.
CREATE TABLE "age_guardian_requests" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" text REFERENCES "user"("id") ON DELETE CASCADE,
  "sealed" text,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "age_guardian_requests_token_hash_hex" CHECK ("token_hash" ~ '^[0-9a-f]{64}$'),
  CONSTRAINT "age_guardian_requests_one_kind" CHECK (("user_id" IS NULL) <> ("sealed" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "age_guardian_requests_user_id_idx" ON "age_guardian_requests" ("user_id");
--> statement-breakpoint
CREATE INDEX "age_guardian_requests_expires_at_idx" ON "age_guardian_requests" ("expires_at");
--> statement-breakpoint
-- Only the sign-in role reaches pending consents (the feature role has no grant at all).
ALTER TABLE "age_guardian_requests" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY age_guardian_requests_sign_in ON "age_guardian_requests" FOR ALL TO mindprint_auth USING (true) WITH CHECK (true);
--> statement-breakpoint
REVOKE ALL ON "age_guardian_requests" FROM mindprint_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "age_guardian_requests" TO mindprint_auth;
--> statement-breakpoint
-- Support's correction (the operator command `npm run admin -- age …`, on the sign-in pool): sets the date of birth and
-- the guardian's consent as support verified them, with a note, marked 'support'. Nobody else may call it.
CREATE FUNCTION age_support_correction(target_user text, new_birth_date date, new_guardian_email text, consent_confirmed boolean, note text)
  RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    INSERT INTO age_checks AS a (user_id, birth_date, stated_by, guardian_email, guardian_confirmed_at, correction_note)
    VALUES (target_user, new_birth_date, 'support', new_guardian_email, CASE WHEN consent_confirmed THEN now() END, note)
    ON CONFLICT (user_id) DO UPDATE SET
      birth_date = EXCLUDED.birth_date,
      stated_by = 'support',
      stated_at = now(),
      guardian_email = EXCLUDED.guardian_email,
      guardian_confirmed_at = CASE WHEN consent_confirmed THEN coalesce(a.guardian_confirmed_at, now()) END,
      correction_note = EXCLUDED.correction_note
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION age_support_correction(text, date, text, boolean, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION age_support_correction(text, date, text, boolean, text) TO mindprint_auth;
