-- The job queue at scale, and in a role of its own (issue 40; SECURITY.md 35 and 37).
--
-- 1. A claim chose among every due job (a window over all of them, sorted): at 100,000 queued jobs each claim sorted
--    them all. It now walks the owners with queued jobs (one index probe each, a skip scan of jobs_fair_idx), takes at
--    most four due jobs per owner by that index, and orders those few: owners with fewer jobs running first, then the
--    owner served longest ago, then the oldest job. The fairness rules are those of migration 0041.
-- 2. Workers act as mindprint_worker, a group role of their own with a login of its own (worker_login, made like
--    app_login by db/app-login.ts). Only it may claim, complete, fail, reap, release and renew jobs: a web request,
--    acting as mindprint_app, can queue a job and read its own person's, nothing more.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mindprint_worker') THEN
    CREATE ROLE mindprint_worker NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
GRANT mindprint_worker TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO mindprint_worker;
--> statement-breakpoint
CREATE TABLE "worker_login" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "role_name" text NOT NULL,
  "password" text NOT NULL
);
--> statement-breakpoint
REVOKE ALL ON "worker_login" FROM PUBLIC, mindprint_app, mindprint_auth;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_lease_idx" ON "jobs" ("locked_at") WHERE "status" = 'running';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_claim(p_worker text, p_kinds text[]) RETURNS SETOF "jobs"
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  candidate uuid;
  claimed "jobs";
BEGIN
  FOR candidate IN
    WITH RECURSIVE owners(owner_key) AS (
      (SELECT j.owner_key FROM "jobs" j WHERE j.status = 'queued' ORDER BY j.owner_key LIMIT 1)
      UNION ALL
      SELECT (SELECT j.owner_key FROM "jobs" j WHERE j.status = 'queued' AND j.owner_key > o.owner_key ORDER BY j.owner_key LIMIT 1)
      FROM owners o WHERE o.owner_key IS NOT NULL
    ),
    due AS (
      SELECT d.id, d.owner_key, d.run_after, d.place FROM owners o
      CROSS JOIN LATERAL (
        SELECT j.id, j.owner_key, j.run_after, row_number() OVER (ORDER BY j.run_after, j.created_at) AS place
        FROM "jobs" j
        WHERE j.owner_key = o.owner_key AND j.status = 'queued' AND j.run_after <= now() AND j.kind = ANY (p_kinds)
        ORDER BY j.run_after, j.created_at
        LIMIT 4
      ) d
      WHERE o.owner_key IS NOT NULL
      UNION ALL
      -- Jobs whose worker died mid-run and whose lease ran out, while they have attempts left (few: one per worker).
      SELECT j.id, j.owner_key, j.locked_at, 1 FROM "jobs" j
      WHERE j.status = 'running' AND j.locked_at < now() - interval '600 seconds' AND j.attempts < j.max_attempts AND j.kind = ANY (p_kinds)
    )
    SELECT c.id FROM due c
    LEFT JOIN job_turns t ON t.owner_key = c.owner_key
    ORDER BY
      c.place,
      (SELECT count(*) FROM "jobs" r WHERE r.owner_key = c.owner_key AND r.status = 'running' AND r.locked_at >= now() - interval '600 seconds'),
      t.served_at NULLS FIRST,
      c.run_after
    LIMIT 16
  LOOP
    UPDATE "jobs" SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = p_worker
    WHERE id = (
      SELECT j.id FROM "jobs" j
      WHERE j.id = candidate
        AND ((j.status = 'queued' AND j.run_after <= now())
          OR (j.status = 'running' AND j.locked_at < now() - interval '600 seconds' AND j.attempts < j.max_attempts))
      FOR UPDATE SKIP LOCKED)
    RETURNING * INTO claimed;
    IF FOUND THEN
      INSERT INTO job_turns (owner_key, served_at) VALUES (claimed.owner_key, clock_timestamp())
        ON CONFLICT (owner_key) DO UPDATE SET served_at = excluded.served_at;
      RETURN NEXT claimed;
      RETURN;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION job_claim(text, text[]), job_reap(text[], text), job_release_held(text, text),
  job_extend_lease(uuid, text), job_complete(uuid, text), job_fail(uuid, text, text, integer) FROM PUBLIC, mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION job_claim(text, text[]), job_reap(text[], text), job_release_held(text, text),
  job_extend_lease(uuid, text), job_complete(uuid, text), job_fail(uuid, text, text, integer) TO mindprint_worker;
