-- Why this table exists: the memory list answers "how many match" with every page (the vault's "Memory Collection
-- (n)" and its pagination), and count(*) over a person's whole vault re-reads every one of their rows on every page
-- (about 8 ms of a PostgreSQL core for 10,000 memories, against 0.1 ms for the page itself). The counts are kept here
-- instead, one row per (user, emotion, category, hidden) combination, maintained by statement triggers on memories in
-- the same transaction as the change, so a page's total is exact: the sum of a few rows read in the same snapshot.
-- Only the owner writes it (the trigger function runs as the owner); the app reads its own rows under the same
-- policy as memories. Searches (q) still count their matches with count(*).
CREATE TABLE "memory_counts" (
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "emotion" text NOT NULL,
  "category" text NOT NULL,
  "hidden_from_twin" boolean NOT NULL,
  "n" bigint NOT NULL,
  PRIMARY KEY ("user_id", "emotion", "category", "hidden_from_twin")
);
--> statement-breakpoint
ALTER TABLE "memory_counts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY memory_counts_owner ON "memory_counts" FOR SELECT TO mindprint_app
  USING (user_id = app_current_user_id());
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "memory_counts" FROM mindprint_app;
--> statement-breakpoint
-- One function for the three row-changing triggers below: added rows count up, removed rows count down (an update
-- does both, so a memory that changes emotion, category or visibility moves from one counter to another). Rows are
-- grouped first, so a bulk insert (an import) touches each counter once, and counters are always locked in key order,
-- so two transactions of one person cannot deadlock on them.
CREATE FUNCTION memory_counts_apply() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO memory_counts AS c (user_id, emotion, category, hidden_from_twin, n)
      SELECT user_id, emotion, category, hidden_from_twin, count(*) FROM added_rows
      GROUP BY user_id, emotion, category, hidden_from_twin ORDER BY user_id, emotion, category, hidden_from_twin
    ON CONFLICT (user_id, emotion, category, hidden_from_twin) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    -- The memories still exist, so does their user: the net change of every counter involved, in one ordered upsert.
    INSERT INTO memory_counts AS c (user_id, emotion, category, hidden_from_twin, n)
      SELECT user_id, emotion, category, hidden_from_twin, sum(delta) FROM (
        SELECT user_id, emotion, category, hidden_from_twin, 1 AS delta FROM added_rows
        UNION ALL
        SELECT user_id, emotion, category, hidden_from_twin, -1 AS delta FROM removed_rows
      ) AS changes
      GROUP BY user_id, emotion, category, hidden_from_twin HAVING sum(delta) <> 0
      ORDER BY user_id, emotion, category, hidden_from_twin
    ON CONFLICT (user_id, emotion, category, hidden_from_twin) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    -- Only ever a decrement, never an insert: when a user is deleted, their counters go with them.
    PERFORM 1 FROM memory_counts AS c
      WHERE (c.user_id, c.emotion, c.category, c.hidden_from_twin) IN (SELECT user_id, emotion, category, hidden_from_twin FROM removed_rows)
      ORDER BY c.user_id, c.emotion, c.category, c.hidden_from_twin FOR UPDATE;
    UPDATE memory_counts AS c SET n = c.n - r.n
      FROM (SELECT user_id, emotion, category, hidden_from_twin, count(*) AS n FROM removed_rows
            GROUP BY user_id, emotion, category, hidden_from_twin) AS r
      WHERE c.user_id = r.user_id AND c.emotion = r.emotion AND c.category = r.category AND c.hidden_from_twin = r.hidden_from_twin;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION memory_counts_clear() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ BEGIN DELETE FROM memory_counts; RETURN NULL; END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_counts_apply() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_counts_clear() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER memory_counts_insert AFTER INSERT ON "memories"
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION memory_counts_apply();
--> statement-breakpoint
CREATE TRIGGER memory_counts_update AFTER UPDATE ON "memories"
  REFERENCING OLD TABLE AS removed_rows NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION memory_counts_apply();
--> statement-breakpoint
CREATE TRIGGER memory_counts_delete AFTER DELETE ON "memories"
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION memory_counts_apply();
--> statement-breakpoint
CREATE TRIGGER memory_counts_truncate AFTER TRUNCATE ON "memories"
  FOR EACH STATEMENT EXECUTE FUNCTION memory_counts_clear();
--> statement-breakpoint
-- The memories already stored.
INSERT INTO memory_counts (user_id, emotion, category, hidden_from_twin, n)
  SELECT user_id, emotion, category, hidden_from_twin, count(*) FROM memories GROUP BY user_id, emotion, category, hidden_from_twin;
