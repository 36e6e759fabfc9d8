-- Jobs that give up and a fair queue (issue 31, SECURITY.md 34, 35 and 37).
--
-- Whose job it is: the person it works for (payload.userId), '' for the service's own (release checks, removals).
ALTER TABLE "jobs" ADD COLUMN "owner_key" text GENERATED ALWAYS AS (coalesce("payload"->>'userId', '')) STORED;
--> statement-breakpoint
CREATE INDEX "jobs_fair_idx" ON "jobs" ("owner_key", "run_after") WHERE "status" = 'queued';
--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" ("owner_key", "locked_at") WHERE "status" = 'running';
--> statement-breakpoint
-- When each owner's job was last claimed: the queue serves the owner served longest ago first (round-robin), so one
-- person's backlog delays another's job by at most the jobs already running.
CREATE TABLE "job_turns" (
  "owner_key" text PRIMARY KEY NOT NULL,
  "served_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
REVOKE ALL ON "job_turns" FROM mindprint_app;
--> statement-breakpoint
-- The app's role may queue any job and read its own person's (the twin's status card asks whether its embedding
-- job is still waiting); it can neither list other people's jobs nor change any. Workers go through the functions below.
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Only a fresh job can be queued: never one that claims to be running (it would block its kind's chain forever).
CREATE POLICY jobs_queue ON "jobs" FOR INSERT TO mindprint_app
  WITH CHECK ("status" = 'queued' AND "attempts" = 0 AND "locked_at" IS NULL AND "locked_by" IS NULL AND "finished_at" IS NULL);
--> statement-breakpoint
CREATE POLICY jobs_own ON "jobs" FOR SELECT TO mindprint_app USING ("owner_key" <> '' AND "owner_key" = app_current_user_id());
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "jobs" FROM mindprint_app;
--> statement-breakpoint
-- Claims one due job of the given kinds for p_worker and counts the attempt before its handler runs, so a job that
-- kills its process is counted too. A job whose lease ran out is claimed again only while it has attempts left
-- (job_reap fails the others). Every owner's oldest due job comes before anyone's second (so workers claiming at the
-- same moment skip past each other's locks); among those, owners with fewer jobs running, then the owner served
-- longest ago, come first.
CREATE FUNCTION job_claim(p_worker text, p_kinds text[]) RETURNS SETOF "jobs"
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  candidate uuid;
  claimed "jobs";
BEGIN
  FOR candidate IN
    SELECT c.id FROM (
      SELECT j.id, j.owner_key, j.run_after, row_number() OVER (PARTITION BY j.owner_key ORDER BY j.run_after, j.created_at) AS place
      FROM "jobs" j
      WHERE j.kind = ANY (p_kinds)
        AND ((j.status = 'queued' AND j.run_after <= now())
          OR (j.status = 'running' AND j.locked_at < now() - interval '600 seconds' AND j.attempts < j.max_attempts))
    ) c
    LEFT JOIN job_turns t ON t.owner_key = c.owner_key
    WHERE c.place <= 4
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
-- Fails for good every job of the given kinds whose lease ran out on its last attempt (its worker died each time:
-- killed, out of memory). Each is answered once, by the status change, so the caller tells the person and logs it once.
CREATE FUNCTION job_reap(p_kinds text[], p_message text) RETURNS SETOF "jobs"
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  UPDATE "jobs" SET status = 'failed', finished_at = now(), locked_at = NULL, last_error = p_message
  WHERE kind = ANY (p_kinds) AND status = 'running' AND attempts >= max_attempts
    AND locked_at < now() - interval '600 seconds'
  RETURNING *;
$$;
--> statement-breakpoint
-- A worker thread that died (out of memory) leaves its jobs at once instead of waiting for the lease: queued again
-- after a backoff while attempts remain, failed otherwise. Answers the jobs it changed.
CREATE FUNCTION job_release_held(p_worker text, p_message text) RETURNS SETOF "jobs"
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  UPDATE "jobs" SET
    status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
    finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
    run_after = CASE WHEN attempts >= max_attempts THEN run_after
      ELSE now() + make_interval(secs => least(1800, 5 * power(4, greatest(0, attempts - 1)))) END,
    locked_at = NULL,
    last_error = p_message
  WHERE locked_by = p_worker AND status = 'running'
  RETURNING *;
$$;
--> statement-breakpoint
CREATE FUNCTION job_extend_lease(p_id uuid, p_worker text) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  WITH renewed AS (UPDATE "jobs" SET locked_at = now() WHERE id = p_id AND locked_by = p_worker AND status = 'running' RETURNING 1)
  SELECT EXISTS (SELECT 1 FROM renewed);
$$;
--> statement-breakpoint
-- Both answer whether the job was still this worker's: one reaped (its lease ran out) or taken over meanwhile is not
-- changed, so a failed job never becomes done and a person is never told twice.
CREATE FUNCTION job_complete(p_id uuid, p_worker text) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  WITH done AS (
    UPDATE "jobs" SET status = 'done', finished_at = now(), locked_at = NULL, last_error = NULL
    WHERE id = p_id AND locked_by = p_worker AND status = 'running' RETURNING 1)
  SELECT EXISTS (SELECT 1 FROM done);
$$;
--> statement-breakpoint
-- p_retry_after_seconds null: failed for good; otherwise queued again after that many seconds.
CREATE FUNCTION job_fail(p_id uuid, p_worker text, p_message text, p_retry_after_seconds integer) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  WITH failed AS (
    UPDATE "jobs" SET
      status = CASE WHEN p_retry_after_seconds IS NULL THEN 'failed' ELSE 'queued' END,
      finished_at = CASE WHEN p_retry_after_seconds IS NULL THEN now() END,
      run_after = CASE WHEN p_retry_after_seconds IS NULL THEN run_after ELSE now() + make_interval(secs => p_retry_after_seconds) END,
      locked_at = NULL,
      last_error = p_message
    WHERE id = p_id AND locked_by = p_worker AND status = 'running'
    RETURNING 1)
  SELECT EXISTS (SELECT 1 FROM failed);
$$;
--> statement-breakpoint
-- Whether a job of this kind is queued or running (other than p_except): the release scheduler keeps one chain.
CREATE FUNCTION job_waiting(p_kind text, p_except uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT EXISTS (SELECT 1 FROM "jobs" WHERE kind = p_kind AND status IN ('queued', 'running') AND (p_except IS NULL OR id <> p_except));
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION job_claim(text, text[]), job_reap(text[], text), job_release_held(text, text),
  job_extend_lease(uuid, text), job_complete(uuid, text), job_fail(uuid, text, text, integer), job_waiting(text, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION job_claim(text, text[]), job_reap(text[], text), job_release_held(text, text),
  job_extend_lease(uuid, text), job_complete(uuid, text), job_fail(uuid, text, text, integer), job_waiting(text, uuid) TO mindprint_app;
