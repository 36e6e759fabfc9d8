-- Why these functions exist: under row-level security PostgreSQL evaluates the policy before any operator that is not
-- LEAKPROOF, and neither the full-text match (@@) nor pg_trgm's word similarity (%>) is, so a query from the app role
-- could never use the GIN indexes and scanned every row of the person's vault. These two functions run as the table
-- owner, use the indexes, and return only ids of the CURRENT user's memories (the same app_current_user_id() the
-- policies use, so without a user context they return nothing). The rows themselves are then read through the
-- row-level-secured table as before.
CREATE FUNCTION memory_ids_matching(query tsquery) RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT m.id FROM memories m WHERE m.user_id = app_current_user_id() AND m.search_vector @@ query $$;
--> statement-breakpoint
CREATE FUNCTION memory_ids_near_word(word text, min_similarity real) RETURNS TABLE (id uuid, similarity real)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT m.id, word_similarity(word, m.content) FROM memories m
    WHERE m.user_id = app_current_user_id() AND m.content %> word AND word_similarity(word, m.content) >= min_similarity
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_ids_matching(tsquery) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_ids_near_word(text, real) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memory_ids_matching(tsquery) TO mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memory_ids_near_word(text, real) TO mindprint_app;
