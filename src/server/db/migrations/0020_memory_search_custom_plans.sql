-- memory_ids_matching_newest (migration 0019) as a SQL function was planned once for any word, slice and filter, so a
-- word found in most memories got the same plan as a rare one: every match read through the full-text index and
-- sorted (3.2 ms for 200 of 3,980), where walking the (user_id, created_at, id) index newest first stops after the
-- 200th match (0.4 ms). Planned per call instead (EXECUTE), PostgreSQL chooses by the word's own frequency.
CREATE OR REPLACE FUNCTION memory_ids_matching_newest(query tsquery, emotion_filter text, category_filter text, include_hidden boolean, skip integer, take integer)
  RETURNS TABLE (id uuid)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    RETURN QUERY EXECUTE
      'SELECT m.id FROM memories m
       WHERE m.user_id = app_current_user_id() AND m.search_vector @@ $1'
      || CASE WHEN emotion_filter IS NULL THEN '' ELSE ' AND m.emotion = $2' END
      || CASE WHEN category_filter IS NULL THEN '' ELSE ' AND m.category = $3' END
      || CASE WHEN include_hidden THEN '' ELSE ' AND NOT m.hidden_from_twin' END
      || ' ORDER BY m.created_at DESC, m.id DESC OFFSET $4 LIMIT $5'
      USING query, emotion_filter, category_filter, skip, take;
  END
  $$;
