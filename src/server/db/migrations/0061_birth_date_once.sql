-- Issue 44: the date of birth is asked once, at sign-up (or when a person first states it), and is the profile's
-- birthday from then on: it gives the owner's age beside released memories, the personality's age band and the
-- twin's sense of "when I was ten". Support's correction moves it too. Runs as the table owner because the sign-in role
-- that writes a new account's age row has no grant on profiles.
CREATE FUNCTION age_check_to_profile() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    INSERT INTO profiles (user_id, birthday) VALUES (NEW.user_id, NEW.birth_date)
    ON CONFLICT (user_id) DO UPDATE SET birthday = EXCLUDED.birthday, updated_at = now();
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION age_check_to_profile() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER age_checks_birth_date_to_profile AFTER INSERT OR UPDATE OF birth_date ON age_checks
  FOR EACH ROW EXECUTE FUNCTION age_check_to_profile();
--> statement-breakpoint
-- Those who stated a date before this: a profile without a birthday takes it (one given in onboarding is kept).
INSERT INTO profiles (user_id, birthday) SELECT user_id, birth_date FROM age_checks
ON CONFLICT (user_id) DO UPDATE SET birthday = EXCLUDED.birthday WHERE profiles.birthday IS NULL;
