CREATE TABLE "voice_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"voice_name" text NOT NULL,
	"voice_description" text,
	"training_status" text DEFAULT 'unsubmitted' NOT NULL,
	"training_error" text,
	"training_submitted_at" timestamp with time zone,
	"training_completed_at" timestamp with time zone,
	"provider" text,
	"provider_voice_id" text,
	"similarity_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_profiles_status_known" CHECK ("voice_profiles"."training_status" IN ('unsubmitted', 'training', 'ready', 'error')),
	CONSTRAINT "voice_profiles_similarity_range" CHECK ("voice_profiles"."similarity_score" IS NULL OR "voice_profiles"."similarity_score" BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE TABLE "voice_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"voice_profile_id" uuid,
	"storage_key" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"file_size" bigint NOT NULL,
	"filename" text NOT NULL,
	"voice_id" text,
	"name" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_sessions_duration_positive" CHECK ("voice_sessions"."duration_seconds" >= 0),
	CONSTRAINT "voice_sessions_size_positive" CHECK ("voice_sessions"."file_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "twin_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"message_type" text NOT NULL,
	"prompt" text NOT NULL,
	"response" text DEFAULT '' NOT NULL,
	"authenticity_score" integer,
	"feedback" text,
	"lineage" jsonb,
	"model_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "twin_conversations_type_known" CHECK ("twin_conversations"."message_type" IN ('user', 'ai')),
	CONSTRAINT "twin_conversations_feedback_known" CHECK ("twin_conversations"."feedback" IS NULL OR "twin_conversations"."feedback" IN ('up', 'down')),
	CONSTRAINT "twin_conversations_score_range" CHECK ("twin_conversations"."authenticity_score" IS NULL OR "twin_conversations"."authenticity_score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "voice_profiles" ADD CONSTRAINT "voice_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD CONSTRAINT "voice_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD CONSTRAINT "voice_sessions_voice_profile_id_voice_profiles_id_fk" FOREIGN KEY ("voice_profile_id") REFERENCES "public"."voice_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twin_conversations" ADD CONSTRAINT "twin_conversations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_profiles_user_id_idx" ON "voice_profiles" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_sessions_user_id_idx" ON "voice_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "twin_conversations_user_id_idx" ON "twin_conversations" USING btree ("user_id","created_at");