-- Counting every match of a word found in most of a vault was most of a search's cost under load (issue 14: without
-- the count, a search for a word in 3,980 of 10,000 memories served 0.68 of the page's throughput; with it, 0.42).
-- A search page needs the exact number only while it is small; past `cap` the vault says "more than cap". The count
-- stops at cap + 1 rows, planned per call like memory_ids_matching_newest (migration 0020).
DROP FUNCTION memory_match_count(tsquery, text, text, boolean);
--> statement-breakpoint
CREATE FUNCTION memory_match_count(query tsquery, emotion_filter text, category_filter text, include_hidden boolean, cap integer) RETURNS integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE
    n integer;
  BEGIN
    EXECUTE
      'SELECT count(*)::int FROM (SELECT 1 FROM memories m
       WHERE m.user_id = app_current_user_id() AND m.search_vector @@ $1'
      || CASE WHEN emotion_filter IS NULL THEN '' ELSE ' AND m.emotion = $2' END
      || CASE WHEN category_filter IS NULL THEN '' ELSE ' AND m.category = $3' END
      || CASE WHEN include_hidden THEN '' ELSE ' AND NOT m.hidden_from_twin' END
      || ' LIMIT $4 + 1) AS up_to'
      INTO n
      USING query, emotion_filter, category_filter, cap;
    RETURN n;
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_match_count(tsquery, text, text, boolean, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memory_match_count(tsquery, text, text, boolean, integer) TO mindprint_app;
