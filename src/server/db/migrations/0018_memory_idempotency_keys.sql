-- A client that retries a memory it may already have saved (its answer was lost) sends the same Idempotency-Key and
-- gets the memory that was stored, not a second copy. The key is recorded in the transaction that stores the memory.
CREATE TABLE "memory_idempotency_keys" (
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "key" text NOT NULL,
  "memory_id" uuid NOT NULL REFERENCES "memories"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "key")
);
--> statement-breakpoint
CREATE INDEX "memory_idempotency_keys_memory_idx" ON "memory_idempotency_keys" USING btree ("memory_id");
--> statement-breakpoint
ALTER TABLE "memory_idempotency_keys" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY memory_idempotency_keys_owner ON "memory_idempotency_keys" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
