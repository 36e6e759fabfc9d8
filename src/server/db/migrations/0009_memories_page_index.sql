DROP INDEX "memories_user_id_idx";--> statement-breakpoint
CREATE INDEX "memories_user_id_created_idx" ON "memories" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);