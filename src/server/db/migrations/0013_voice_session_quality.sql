ALTER TABLE "voice_sessions" ADD COLUMN "quality_label" text;--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD COLUMN "quality_reason" text;--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD COLUMN "level_dbfs" real;--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD COLUMN "noise_floor_dbfs" real;--> statement-breakpoint
ALTER TABLE "voice_sessions" ADD COLUMN "clipped_ratio" real;