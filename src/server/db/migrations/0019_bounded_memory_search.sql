-- Search that stays fast when most of a vault matches (issue 14). Ranking every full-text match, and looking for close
-- spellings of a word that is found thousands of times, made a search for a common word take ~500 ms alone and a few
-- requests per second under load. These functions let the service take a bounded, filtered slice of the matches
-- through the indexes, newest first, and count them, without reading any row it will not show. Like the functions of
-- migration 0010 they run as the table owner (so the indexes can be used under row-level security) and return only
-- the current user's memories.
CREATE FUNCTION memory_match_count(query tsquery, emotion_filter text, category_filter text, include_hidden boolean) RETURNS integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT count(*)::int FROM memories m
    WHERE m.user_id = app_current_user_id() AND m.search_vector @@ query
      AND (emotion_filter IS NULL OR m.emotion = emotion_filter)
      AND (category_filter IS NULL OR m.category = category_filter)
      AND (include_hidden OR NOT m.hidden_from_twin)
  $$;
--> statement-breakpoint
CREATE FUNCTION memory_ids_matching_newest(query tsquery, emotion_filter text, category_filter text, include_hidden boolean, skip integer, take integer)
  RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT m.id FROM memories m
    WHERE m.user_id = app_current_user_id() AND m.search_vector @@ query
      AND (emotion_filter IS NULL OR m.emotion = emotion_filter)
      AND (category_filter IS NULL OR m.category = category_filter)
      AND (include_hidden OR NOT m.hidden_from_twin)
    ORDER BY m.created_at DESC, m.id DESC
    OFFSET skip LIMIT take
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_match_count(tsquery, text, text, boolean) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_ids_matching_newest(tsquery, text, text, boolean, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memory_match_count(tsquery, text, text, boolean) TO mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memory_ids_matching_newest(tsquery, text, text, boolean, integer, integer) TO mindprint_app;
