-- Counting every match of a word found in most of a vault was most of a search's cost under load (issue 14: without
-- the count, a search for a word in 3,980 of 10,000 memories served 0.68 of the page's throughput; with it, 0.26 to
-- 0.42; counting only up to 1,000 still cost 2.8 ms, twice the page's own query). A search now counts its matches only
-- as far as it ranks them (the newest 200, from memory_ids_matching_newest) and says "at least 200" past that
-- (decision 0015), so the exact count is no longer asked for.
DROP FUNCTION memory_match_count(tsquery, text, text, boolean);
--> statement-breakpoint
-- The first pages of a search in one pass over the newest matches: walk them newest first through the
-- (user_id, created_at, id) index as far as `ranked`, rank each where it is read, and hand back only the slice the page
-- shows, with how many were walked (the count a page reports). Before, the ids of all 200 went back to the statement,
-- which fetched and ranked the 200 rows again to show 50. Planned per call like memory_ids_matching_newest.
CREATE FUNCTION memory_ids_ranked_newest(query tsquery, emotion_filter text, category_filter text, include_hidden boolean, visibility_filter text, ranked integer, skip integer, take integer)
  RETURNS TABLE (id uuid, rank real, created_at timestamptz, matched integer)
  -- A page's worth: told 1,000 (the default), the planner joined it to the whole table by hash.
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 50
  AS $$
  BEGIN
    RETURN QUERY EXECUTE
      'SELECT s.id, ts_rank(s.search_vector, $1), s.created_at, (count(*) OVER ())::int FROM (
         SELECT m.id, m.search_vector, m.created_at FROM memories m
         WHERE m.user_id = app_current_user_id() AND m.search_vector @@ $1'
      || CASE WHEN emotion_filter IS NULL THEN '' ELSE ' AND m.emotion = $2' END
      || CASE WHEN category_filter IS NULL THEN '' ELSE ' AND m.category = $3' END
      || CASE WHEN include_hidden THEN '' ELSE ' AND NOT m.hidden_from_twin' END
      || CASE WHEN visibility_filter IS NULL THEN '' ELSE ' AND m.visibility = $4' END
      || ' ORDER BY m.created_at DESC, m.id DESC LIMIT $5) AS s
       ORDER BY 2 DESC, s.created_at DESC, s.id DESC OFFSET $6 LIMIT $7'
      USING query, emotion_filter, category_filter, visibility_filter, ranked, skip, take;
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_ids_ranked_newest(tsquery, text, text, boolean, text, integer, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memory_ids_ranked_newest(tsquery, text, text, boolean, text, integer, integer, integer) TO mindprint_app;
