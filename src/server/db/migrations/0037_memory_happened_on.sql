-- When a memory happened, as precisely as its owner knows it: "1998", "1998-06" or "1998-06-14". Kept with every
-- version, so an edited date is history like an edited text. Null for memories written before this existed.
ALTER TABLE "memories" ADD COLUMN "happened_on" text;--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_happened_on_shape" CHECK ("memories"."happened_on" ~ '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$');--> statement-breakpoint
ALTER TABLE "memory_versions" ADD COLUMN "happened_on" text;--> statement-breakpoint
CREATE INDEX "memories_user_id_happened_idx" ON "memories" USING btree ("user_id","happened_on");
