CREATE TABLE "twin_insights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "twin_insights_kind_known" CHECK ("twin_insights"."kind" IN ('memory_insight', 'values_summary'))
);
--> statement-breakpoint
ALTER TABLE "twin_insights" ADD CONSTRAINT "twin_insights_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "twin_insights_user_kind_idx" ON "twin_insights" USING btree ("user_id","kind");