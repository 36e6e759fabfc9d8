-- The job queue with many owners (issue 57, "Scale"): a claim walked every owner with queued jobs (a skip scan), so
-- with 1,000 owners waiting it ran at 0.07 of its rate with 50. It now walks job_turns, which knows who is waiting,
-- in the order they were last served (never served first), and stops at the first sixteen owners with a job due:
-- its cost follows those few, not how many wait. The fairness rules are those of migrations 0041 and 0055: every
-- owner's oldest job before anyone's second, fewer running first, then the owner served longest ago.
ALTER TABLE "job_turns" ADD COLUMN "waiting" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "job_turns_waiting_idx" ON "job_turns" ("served_at") WHERE "waiting";
--> statement-breakpoint
INSERT INTO job_turns (owner_key, served_at, waiting)
  SELECT DISTINCT owner_key, '-infinity'::timestamptz, true FROM "jobs" WHERE status = 'queued'
  ON CONFLICT (owner_key) DO UPDATE SET waiting = true;
--> statement-breakpoint
-- Whoever has a job queued (a new one, or one queued again after a failure or a dead worker) is waiting. Once per
-- statement, over its rows: a backlog of 100,000 inserted at once writes one row per owner.
CREATE FUNCTION job_owners_waiting() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  INSERT INTO job_turns (owner_key, served_at, waiting)
    SELECT DISTINCT n.owner_key, '-infinity'::timestamptz, true FROM changed_jobs n
     WHERE n.status = 'queued' AND NOT EXISTS (SELECT 1 FROM job_turns t WHERE t.owner_key = n.owner_key AND t.waiting)
  ON CONFLICT (owner_key) DO UPDATE SET waiting = true;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_owners_waiting_insert AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS changed_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION job_owners_waiting();
--> statement-breakpoint
CREATE TRIGGER jobs_owners_waiting_update AFTER UPDATE ON "jobs" REFERENCING NEW TABLE AS changed_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION job_owners_waiting();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_claim(p_worker text, p_kinds text[]) RETURNS SETOF "jobs"
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  candidate uuid;
  claimed "jobs";
BEGIN
  FOR candidate IN
    WITH owners AS (
      -- The waiting owners served longest ago with a job of these kinds due now: an index walk that stops at sixteen.
      SELECT t.owner_key, t.served_at FROM job_turns t
      WHERE t.waiting AND EXISTS (
        SELECT 1 FROM "jobs" j WHERE j.owner_key = t.owner_key AND j.status = 'queued' AND j.run_after <= now() AND j.kind = ANY (p_kinds))
      ORDER BY t.served_at
      LIMIT 16
    ),
    due AS (
      SELECT d.id, d.owner_key, d.run_after, d.place, o.served_at FROM owners o
      CROSS JOIN LATERAL (
        SELECT j.id, j.owner_key, j.run_after, row_number() OVER (ORDER BY j.run_after, j.created_at) AS place
        FROM "jobs" j
        WHERE j.owner_key = o.owner_key AND j.status = 'queued' AND j.run_after <= now() AND j.kind = ANY (p_kinds)
        ORDER BY j.run_after, j.created_at
        LIMIT 4
      ) d
      UNION ALL
      -- Jobs whose worker died mid-run and whose lease ran out, while they have attempts left (few: one per worker).
      SELECT j.id, j.owner_key, j.locked_at, 1, (SELECT t.served_at FROM job_turns t WHERE t.owner_key = j.owner_key) FROM "jobs" j
      WHERE j.status = 'running' AND j.locked_at < now() - interval '600 seconds' AND j.attempts < j.max_attempts AND j.kind = ANY (p_kinds)
    )
    SELECT c.id FROM due c
    ORDER BY
      c.place,
      (SELECT count(*) FROM "jobs" r WHERE r.owner_key = c.owner_key AND r.status = 'running' AND r.locked_at >= now() - interval '600 seconds'),
      c.served_at NULLS FIRST,
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
      -- Served now; still waiting while anything of theirs is queued (due later, too).
      INSERT INTO job_turns (owner_key, served_at, waiting)
        VALUES (claimed.owner_key, clock_timestamp(), EXISTS (SELECT 1 FROM "jobs" q WHERE q.owner_key = claimed.owner_key AND q.status = 'queued'))
        ON CONFLICT (owner_key) DO UPDATE SET served_at = excluded.served_at, waiting = excluded.waiting;
      RETURN NEXT claimed;
      RETURN;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- Owners marked waiting whose queued jobs are gone (deleted with their account, say) are let go by the reaper, so the
-- walk above does not probe them for ever.
CREATE OR REPLACE FUNCTION job_reap(p_kinds text[], p_message text) RETURNS SETOF "jobs"
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  UPDATE job_turns t SET waiting = false
   WHERE t.waiting AND NOT EXISTS (SELECT 1 FROM "jobs" j WHERE j.owner_key = t.owner_key AND j.status = 'queued');
  RETURN QUERY
    UPDATE "jobs" SET status = 'failed', finished_at = now(), locked_at = NULL, last_error = p_message
    WHERE kind = ANY (p_kinds) AND status = 'running' AND attempts >= max_attempts
      AND locked_at < now() - interval '600 seconds'
    RETURNING *;
END $$;
