-- Memories belong to their owner: same policy as profiles (see 0001).
ALTER TABLE "memories" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY memories_owner ON "memories" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
ALTER TABLE "memory_versions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY memory_versions_owner ON "memory_versions" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
-- History is append-only for the app: versions are only inserted, and leave with their memory (the cascade runs as owner).
REVOKE UPDATE, DELETE ON "memory_versions" FROM mindprint_app;
--> statement-breakpoint
-- Trigram similarity lets search forgive a typo ("grandmther"). pg_trgm is a trusted extension shipped with PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string() is only STABLE, which a generated column refuses; for text[] its result never changes, so this
-- wrapper may honestly be IMMUTABLE.
CREATE OR REPLACE FUNCTION memory_search_text(content text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT content || ' ' || array_to_string(tags, ' ') $$;
--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('english'::regconfig, memory_search_text("content", "tags"))) STORED;
--> statement-breakpoint
CREATE INDEX "memories_search_vector_idx" ON "memories" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "memories_content_trgm_idx" ON "memories" USING gin ("content" gin_trgm_ops);
