-- Search that cannot be turned against others (issue 31). A misspelt word was looked for as a close spelling in every
-- memory's content (memory_ids_near_word, migration 0010: pg_trgm's word similarity against each whole text): a typo of
-- a word found in 770 of 10,000 memories took 120-150 ms of a PostgreSQL core, twice per search, so twenty of them at
-- once over one person's vault stalled everyone's pages. Close spellings are now looked for among the person's distinct
-- words instead (a few hundred to a few tens of thousands, each a short string), at most a few per query word, and the
-- memories holding them are found through the full-text index like any other search (decision 0023).
--
-- btree_gin lets one GIN index hold the owner and the word's trigrams, so a look-up reads only this person's words
-- however many people share them. Like pg_trgm it is a trusted extension shipped with PostgreSQL (embedded and Debian's
-- PostgreSQL 15 alike), so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- The words a memory contributes: its content's words (the 'simple' parser, lower case, unstemmed, as typed), those of
-- 3 to 40 characters that start with a letter and hold only letters and digits. Shorter words are not worth
-- correcting; longer ones are not words; and a lexeme of letters and digits can be quoted into a tsquery as it is.
CREATE FUNCTION memory_words_of(content text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = public, pg_temp
  AS $$
    SELECT coalesce(array_agg(w ORDER BY w), '{}') FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, content))) AS w
    WHERE length(w) BETWEEN 3 AND 40 AND w ~ '^[[:alpha:]][[:alnum:]]*$'
  $$;
--> statement-breakpoint
-- One row per person and word: how many of their memories hold it (so the word leaves when its last memory does).
-- Derived from memories by the triggers below in the same transaction as the change, like memory_counts (0015); not
-- exported, rebuilt by an import through the same triggers. The app reads it only through memory_close_terms.
CREATE TABLE "memory_words" (
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "word" text NOT NULL,
  "memories" integer NOT NULL
);
--> statement-breakpoint
-- The only index that finds one person's words: the owner and the word's trigrams together. The unique key is an
-- expression on purpose, so the planner cannot read a person's words through it instead: it would then compute the
-- similarity of every one of them (0.5 ms for 300 words, 100 ms for 40,000) where the trigram index reads a handful
-- (0.04 ms). Word similarity is priced by the planner like `=`, so it would otherwise prefer that path. New words go
-- straight into the index (no pending list): every search reads a pending list whole, up to 4 MB of it.
CREATE INDEX "memory_words_trgm_idx" ON "memory_words" USING gin ("user_id", "word" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE UNIQUE INDEX "memory_words_key" ON "memory_words" ((ARRAY["user_id", "word"]));
--> statement-breakpoint
ALTER TABLE "memory_words" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY memory_words_owner ON "memory_words" FOR SELECT TO mindprint_app
  USING (user_id = app_current_user_id());
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "memory_words" FROM mindprint_app;
--> statement-breakpoint
-- Added memories count their words up, removed ones down (an edit does both, only when the content changed). Every
-- change of a statement is one upsert grouped by (user, word) in key order, so an import touches each word once and two
-- transactions of one person cannot deadlock on them; a word whose count reaches zero is removed. A deletion only ever
-- decrements (when a person is deleted their words go with them, and nothing may be inserted for them).
CREATE FUNCTION memory_words_apply() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO memory_words AS w (user_id, word, memories)
      SELECT a.user_id, x.word, count(*) FROM added_rows AS a, unnest(memory_words_of(a.content)) AS x(word)
      GROUP BY a.user_id, x.word ORDER BY a.user_id, x.word
    ON CONFLICT ((ARRAY[user_id, word])) DO UPDATE SET memories = w.memories + EXCLUDED.memories;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH edited AS (
      SELECT o.user_id, o.content AS old_content, n.content AS new_content
      FROM removed_rows AS o JOIN added_rows AS n ON n.id = o.id
      WHERE o.content IS DISTINCT FROM n.content
    ), changes AS (
      SELECT e.user_id, x.word, 1 AS delta FROM edited AS e, unnest(memory_words_of(e.new_content)) AS x(word)
      UNION ALL
      SELECT e.user_id, x.word, -1 AS delta FROM edited AS e, unnest(memory_words_of(e.old_content)) AS x(word)
    )
    INSERT INTO memory_words AS w (user_id, word, memories)
      SELECT user_id, word, sum(delta) FROM changes GROUP BY user_id, word HAVING sum(delta) <> 0 ORDER BY user_id, word
    ON CONFLICT ((ARRAY[user_id, word])) DO UPDATE SET memories = w.memories + EXCLUDED.memories;
    DELETE FROM memory_words AS w WHERE w.memories <= 0 AND ARRAY[w.user_id, w.word] IN (
      SELECT ARRAY[o.user_id, x.word] FROM removed_rows AS o JOIN added_rows AS n ON n.id = o.id, unnest(memory_words_of(o.content)) AS x(word)
      WHERE o.content IS DISTINCT FROM n.content);
  ELSE
    PERFORM 1 FROM memory_words AS w
      WHERE ARRAY[w.user_id, w.word] IN (SELECT ARRAY[r.user_id, x.word] FROM removed_rows AS r, unnest(memory_words_of(r.content)) AS x(word))
      ORDER BY w.user_id, w.word FOR UPDATE;
    UPDATE memory_words AS w SET memories = w.memories - r.n
      FROM (SELECT r.user_id, x.word, count(*) AS n FROM removed_rows AS r, unnest(memory_words_of(r.content)) AS x(word)
            GROUP BY r.user_id, x.word) AS r
      WHERE ARRAY[w.user_id, w.word] = ARRAY[r.user_id, r.word];
    DELETE FROM memory_words AS w WHERE w.memories <= 0
      AND ARRAY[w.user_id, w.word] IN (SELECT ARRAY[r.user_id, x.word] FROM removed_rows AS r, unnest(memory_words_of(r.content)) AS x(word));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION memory_words_clear() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ BEGIN DELETE FROM memory_words; RETURN NULL; END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_words_apply() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_words_clear() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER memory_words_insert AFTER INSERT ON "memories"
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION memory_words_apply();
--> statement-breakpoint
CREATE TRIGGER memory_words_update AFTER UPDATE ON "memories"
  REFERENCING OLD TABLE AS removed_rows NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION memory_words_apply();
--> statement-breakpoint
CREATE TRIGGER memory_words_delete AFTER DELETE ON "memories"
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION memory_words_apply();
--> statement-breakpoint
CREATE TRIGGER memory_words_truncate AFTER TRUNCATE ON "memories"
  FOR EACH STATEMENT EXECUTE FUNCTION memory_words_clear();
--> statement-breakpoint
-- The memories already stored.
INSERT INTO memory_words (user_id, word, memories)
  SELECT m.user_id, x.word, count(*) FROM memories AS m, unnest(memory_words_of(m.content)) AS x(word) GROUP BY m.user_id, x.word;
--> statement-breakpoint
-- A search's close spellings, from the current person's words: each distinct word of the query (at most max_words of
-- them, in the order asked) is paired with up to per_word of the person's words whose word similarity to it is at
-- least min_similarity (the rule of migration 0010, now word against word), the closest first. One row when any word
-- has a close spelling, none otherwise: `close_query` asks, for every query word, for it or one of its close
-- spellings (websearch's AND of words, each word widened); `terms` and `similarities` are the close spellings alone, so
-- a memory can be ranked by the closest one it holds. Planned per call with the person's id as a value, so the
-- trigram index is read for this person's words (sequential scans are off for it: on a small table the planner would
-- read every word and compute each similarity, ten times the index's cost).
CREATE FUNCTION memory_close_terms(query text, min_similarity real, per_word integer, max_words integer)
  RETURNS TABLE (close_query tsquery, terms tsquery[], similarities real[])
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET enable_seqscan = off ROWS 1
  AS $$
  DECLARE
    asked text;
    close record;
    alternatives text;
    term tsquery;
    groups text[] := '{}';
  BEGIN
    terms := '{}';
    similarities := '{}';
    -- The index answers `%>` at this threshold; the similarity is checked again in the look-up in any case.
    PERFORM set_config('pg_trgm.word_similarity_threshold', min_similarity::text, true);
    FOR asked IN
      SELECT t.word FROM regexp_split_to_table(lower(query), '[^[:alnum:]]+') WITH ORDINALITY AS t(word, n)
      WHERE length(t.word) BETWEEN 3 AND 40 AND t.word ~ '^[[:alpha:]][[:alnum:]]*$'
      GROUP BY t.word ORDER BY min(t.n) LIMIT max_words
    LOOP
      alternatives := quote_literal(asked);
      FOR close IN EXECUTE
        'SELECT v.word, word_similarity($1, v.word) AS similarity FROM memory_words AS v
         WHERE v.user_id = $2 AND v.word %> $1 AND v.word <> $1 AND word_similarity($1, v.word) >= $3
         ORDER BY 2 DESC, v.memories DESC, v.word LIMIT $4'
        USING asked, app_current_user_id(), min_similarity, per_word
      LOOP
        alternatives := alternatives || ' | ' || quote_literal(close.word);
        -- A stop word is not searched for at all, so it cannot rank anything either.
        term := plainto_tsquery('mindprint_english', close.word);
        IF numnode(term) > 0 THEN
          terms := terms || term;
          similarities := similarities || close.similarity::real;
        END IF;
      END LOOP;
      groups := groups || ('(' || alternatives || ')');
    END LOOP;
    IF cardinality(terms) = 0 THEN RETURN; END IF;
    close_query := to_tsquery('mindprint_english', array_to_string(groups, ' & '));
    RETURN NEXT;
  END
  $$;
--> statement-breakpoint
-- The first pages of the close spellings, as memory_ids_ranked_newest (0021) does for the words themselves: walk the
-- newest `ranked` memories that match `query` (the close spellings without the words' own matches) through the index,
-- rank each by the closest spelling it holds, hand back the page's slice and how many were walked.
CREATE FUNCTION memory_ids_close_ranked(query tsquery, terms tsquery[], similarities real[], emotion_filter text, category_filter text, include_hidden boolean, visibility_filter text, ranked integer, skip integer, take integer)
  RETURNS TABLE (id uuid, closeness real, created_at timestamptz, matched integer)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 50
  AS $$
  BEGIN
    RETURN QUERY EXECUTE
      'SELECT s.id, coalesce((SELECT max(t.similarity) FROM unnest($8, $9) AS t(term, similarity) WHERE s.search_vector @@ t.term), 0)::real,
              s.created_at, (count(*) OVER ())::int FROM (
         SELECT m.id, m.search_vector, m.created_at FROM memories m
         WHERE m.user_id = app_current_user_id() AND m.search_vector @@ $1'
      || CASE WHEN emotion_filter IS NULL THEN '' ELSE ' AND m.emotion = $2' END
      || CASE WHEN category_filter IS NULL THEN '' ELSE ' AND m.category = $3' END
      || CASE WHEN include_hidden THEN '' ELSE ' AND NOT m.hidden_from_twin' END
      || CASE WHEN visibility_filter IS NULL THEN '' ELSE ' AND m.visibility = $4' END
      || ' ORDER BY m.created_at DESC, m.id DESC LIMIT $5) AS s
       ORDER BY 2 DESC, s.created_at DESC, s.id DESC OFFSET $6 LIMIT $7'
      USING query, emotion_filter, category_filter, visibility_filter, ranked, skip, take, terms, similarities;
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_close_terms(text, real, integer, integer) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memory_ids_close_ranked(tsquery, tsquery[], real[], text, text, boolean, text, integer, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memory_close_terms(text, real, integer, integer) TO mindprint_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memory_ids_close_ranked(tsquery, tsquery[], real[], text, text, boolean, text, integer, integer, integer) TO mindprint_app;
--> statement-breakpoint
-- Nothing asks for a close spelling over whole texts any more: the function, and the trigram index it read, go.
DROP FUNCTION memory_ids_near_word(text, real);
--> statement-breakpoint
DROP INDEX IF EXISTS "memories_content_trgm_idx";
