-- Least privilege for the sign-in tables (decision 0024, SECURITY.md 37). Until now the app's login role could read
-- every session token, account, verification token, address, rate-limit key, waitlist entry and mailbox copy, so one
-- SQL injection anywhere would have handed them over. From here on they belong to a second group role,
-- mindprint_auth, which a second login (auth_login below, made by db/app-login.ts) uses through a small pool of its
-- own for Better Auth, the session check, the access policy, the waitlist, the dev mailbox and account deletion.
-- The feature role (mindprint_app) keeps only what features need: its own `user` row, inside its user scope.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mindprint_auth') THEN
    CREATE ROLE mindprint_auth NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
-- As with mindprint_app (migration 0001): the owner may act as it (a connection started with -c role=…).
GRANT mindprint_auth TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO mindprint_auth;
--> statement-breakpoint
REVOKE ALL ON "user", "session", "account", "verification", "waitlist_entries", "dev_mailbox", "rate_limits" FROM mindprint_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "user", "session", "account", "verification", "waitlist_entries", "dev_mailbox" TO mindprint_auth;
--> statement-breakpoint
-- Features name a person and write to them (person-name.ts, the export, the legacy's e-mails): they read that person's
-- own row, in that person's scope, and nothing else. Sign-in finds users before anyone is known, so its role sees all.
GRANT SELECT ON "user" TO mindprint_app;
--> statement-breakpoint
ALTER TABLE "user" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_own_row ON "user" FOR SELECT TO mindprint_app USING (id = app_current_user_id());
--> statement-breakpoint
CREATE POLICY user_sign_in ON "user" FOR ALL TO mindprint_auth USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The second login's name and password, made and read like app_login's (migration 0017): the owner's alone.
CREATE TABLE "auth_login" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "role_name" text NOT NULL,
  "password" text NOT NULL
);
--> statement-breakpoint
REVOKE ALL ON "auth_login" FROM mindprint_app;
--> statement-breakpoint
REVOKE ALL ON "auth_login" FROM PUBLIC;
--> statement-breakpoint
-- Rate limits are counted by every feature, so they stay on the feature pool, but only through these functions: a key's
-- own count, never a list of keys (which hold addresses and networks). Each row keeps its window, so the sweep knows
-- when it has ended (rows written before this migration: the longest window in use, an hour).
ALTER TABLE "rate_limits" ADD COLUMN "window_seconds" integer NOT NULL DEFAULT 3600;
--> statement-breakpoint
CREATE FUNCTION rate_limit_hit(hit_key text, hit_window_seconds integer) RETURNS TABLE (hits integer, retry_after integer)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    INSERT INTO rate_limits AS r (key, window_start, count, window_seconds) VALUES (hit_key, now(), 1, hit_window_seconds)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start <= now() - hit_window_seconds * interval '1 second' THEN 1 ELSE r.count + 1 END,
      window_start = CASE WHEN r.window_start <= now() - hit_window_seconds * interval '1 second' THEN now() ELSE r.window_start END,
      window_seconds = hit_window_seconds
    RETURNING r.count, CEIL(EXTRACT(EPOCH FROM (r.window_start + hit_window_seconds * interval '1 second' - now())))::int
  $$;
--> statement-breakpoint
CREATE FUNCTION rate_limit_release(released_key text) RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ DELETE FROM rate_limits WHERE key = released_key $$;
--> statement-breakpoint
-- Rows whose window has ended count for nothing (the next hit starts a new window): the scheduler removes them.
CREATE FUNCTION rate_limits_sweep() RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH gone AS (DELETE FROM rate_limits WHERE window_start + window_seconds * interval '1 second' <= now() RETURNING 1)
    SELECT count(*)::int FROM gone
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION rate_limit_hit(text, integer) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION rate_limit_release(text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION rate_limits_sweep() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION rate_limit_hit(text, integer) TO mindprint_app, mindprint_auth;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION rate_limit_release(text) TO mindprint_app, mindprint_auth;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION rate_limits_sweep() TO mindprint_app;
--> statement-breakpoint
-- The access policy runs on the sign-in pool now and asks whether an address was named as a legacy contact.
GRANT EXECUTE ON FUNCTION legacy_contact_address_known(text) TO mindprint_auth;
