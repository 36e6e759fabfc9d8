-- Accents fold the same way in full-text search as in the twin's TypeScript ("Tomás", "TOMÁS" and "tomas" are one
-- word): a copy of the English configuration with unaccent in front of the stemmer. unaccent is a trusted extension.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION mindprint_english (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION mindprint_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
ALTER TABLE "memories" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('mindprint_english'::regconfig, memory_search_text("content", "tags"))) STORED;
--> statement-breakpoint
CREATE INDEX "memories_search_vector_idx" ON "memories" USING gin ("search_vector");
--> statement-breakpoint
-- What a vector was computed from: if the text changes, the hash does, and the vector is stale.
CREATE FUNCTION memory_embedding_hash(content text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT md5(content || E'\x1f' || array_to_string(tags, E'\x1f')) $$;
--> statement-breakpoint
CREATE FUNCTION calibration_embedding_hash(statement text, response text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT md5(statement || E'\x1f' || response) $$;
--> statement-breakpoint
-- Sentence-embedding vectors of the material the twin draws on: one row per memory or calibration answer, holding
-- several unit vectors (float32, little-endian, concatenated): the whole text first, then its parts (a memory's
-- sentences; a calibration answer's scenario). Scanned in Node (no pgvector), kept per model and text hash.
CREATE TABLE "twin_embeddings" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "memory_id" uuid UNIQUE REFERENCES "memories"("id") ON DELETE CASCADE,
  "calibration_id" uuid UNIQUE REFERENCES "digital_twin_validation_feedback"("id") ON DELETE CASCADE,
  "model_id" text NOT NULL,
  "text_hash" text NOT NULL,
  "vectors" bytea NOT NULL,
  "embedded_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
  CONSTRAINT "twin_embeddings_one_source" CHECK (("memory_id" IS NULL) <> ("calibration_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "twin_embeddings_user_idx" ON "twin_embeddings" USING btree ("user_id", "embedded_at");
--> statement-breakpoint
ALTER TABLE "twin_embeddings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY twin_embeddings_owner ON "twin_embeddings" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "twin_embeddings" TO mindprint_app;
--> statement-breakpoint
CREATE INDEX "jobs_twin_embed_queued_idx" ON "jobs" USING btree ((payload->>'userId')) WHERE kind = 'twin-embed' AND status = 'queued';
--> statement-breakpoint
-- Every path that writes a memory or a calibration answer (the API, an import, a script) queues the embedding job in
-- the same transaction, once per person while one is still waiting, and only for rows whose text has no current
-- vector (hiding a memory changes nothing). Runs as the owner: it writes the jobs table.
CREATE FUNCTION twin_embed_enqueue_users(user_ids text[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    INSERT INTO jobs (kind, payload, max_attempts)
    SELECT 'twin-embed', jsonb_build_object('userId', u.user_id), 5
    FROM (SELECT DISTINCT unnest(user_ids) AS user_id) u
    WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = 'twin-embed' AND j.status = 'queued' AND j.payload->>'userId' = u.user_id)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION twin_embed_enqueue_users(text[]) FROM PUBLIC;
--> statement-breakpoint
CREATE FUNCTION memories_twin_embed_enqueue() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    PERFORM twin_embed_enqueue_users(ARRAY(
      SELECT c.user_id FROM changed_rows c
      WHERE NOT EXISTS (SELECT 1 FROM twin_embeddings e WHERE e.memory_id = c.id AND e.text_hash = memory_embedding_hash(c.content, c.tags))));
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE FUNCTION calibration_twin_embed_enqueue() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    PERFORM twin_embed_enqueue_users(ARRAY(
      SELECT c.user_id FROM changed_rows c
      WHERE NOT EXISTS (SELECT 1 FROM twin_embeddings e WHERE e.calibration_id = c.id AND e.text_hash = calibration_embedding_hash(c.statement, c.response))));
    RETURN NULL;
  END $$;
--> statement-breakpoint
-- Transition tables cannot go with a column list (UPDATE OF …), so every update is seen and filtered by the hash.
CREATE TRIGGER memories_twin_embed_insert AFTER INSERT ON "memories"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION memories_twin_embed_enqueue();
--> statement-breakpoint
CREATE TRIGGER memories_twin_embed_update AFTER UPDATE ON "memories"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION memories_twin_embed_enqueue();
--> statement-breakpoint
CREATE TRIGGER calibration_twin_embed_insert AFTER INSERT ON "digital_twin_validation_feedback"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION calibration_twin_embed_enqueue();
--> statement-breakpoint
CREATE TRIGGER calibration_twin_embed_update AFTER UPDATE ON "digital_twin_validation_feedback"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION calibration_twin_embed_enqueue();
--> statement-breakpoint
-- At start-up, for a model change or anything the triggers did not see: one job per person whose material lacks a
-- vector from this model for its current text. Runs as the owner, across people, and only queues jobs.
CREATE FUNCTION twin_embed_enqueue_stale(current_model text) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE
    stale text[];
  BEGIN
    stale := ARRAY(
      SELECT m.user_id FROM memories m
      LEFT JOIN twin_embeddings e ON e.memory_id = m.id AND e.model_id = current_model AND e.text_hash = memory_embedding_hash(m.content, m.tags)
      WHERE e.id IS NULL
      UNION
      SELECT c.user_id FROM digital_twin_validation_feedback c
      LEFT JOIN twin_embeddings e ON e.calibration_id = c.id AND e.model_id = current_model AND e.text_hash = calibration_embedding_hash(c.statement, c.response)
      WHERE e.id IS NULL);
    PERFORM twin_embed_enqueue_users(stale);
    RETURN coalesce(array_length(stale, 1), 0);
  END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION twin_embed_enqueue_stale(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION twin_embed_enqueue_stale(text) TO mindprint_app;
--> statement-breakpoint
-- The material stored before this migration gets its vectors from the jobs queued here.
SELECT twin_embed_enqueue_stale('any');
