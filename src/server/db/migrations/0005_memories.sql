CREATE TABLE "memories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"emotion" text NOT NULL,
	"category" text DEFAULT 'personal' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"emotional_intensity" integer DEFAULT 5 NOT NULL,
	"authenticity_score" integer NOT NULL,
	"hidden_from_twin" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memories_emotion_known" CHECK ("memories"."emotion" IN ('Joy', 'Love', 'Pride', 'Excitement', 'Reflection', 'Sadness', 'Anger', 'Fear', 'Surprise', 'Nostalgia')),
	CONSTRAINT "memories_category_known" CHECK ("memories"."category" IN ('personal', 'family', 'career', 'relationships', 'achievements', 'travel', 'learning', 'creative')),
	CONSTRAINT "memories_visibility_known" CHECK ("memories"."visibility" IN ('private', 'family', 'twin-only')),
	CONSTRAINT "memories_intensity_range" CHECK ("memories"."emotional_intensity" BETWEEN 1 AND 10),
	CONSTRAINT "memories_authenticity_range" CHECK ("memories"."authenticity_score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "memory_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memory_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"emotion" text NOT NULL,
	"category" text NOT NULL,
	"tags" text[] NOT NULL,
	"emotional_intensity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_versions" ADD CONSTRAINT "memory_versions_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_versions" ADD CONSTRAINT "memory_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memories_user_id_idx" ON "memories" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "memory_versions_memory_id_idx" ON "memory_versions" USING btree ("memory_id","version");--> statement-breakpoint
CREATE INDEX "memory_versions_user_id_idx" ON "memory_versions" USING btree ("user_id");