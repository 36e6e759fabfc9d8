CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by" uuid,
	"signup_seq" bigint NOT NULL,
	"founding_member" boolean DEFAULT false NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"invited_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_email_unique" UNIQUE("email"),
	CONSTRAINT "waitlist_entries_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "waitlist_entries_signup_seq_unique" UNIQUE("signup_seq"),
	CONSTRAINT "waitlist_entries_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash"),
	CONSTRAINT "waitlist_entries_email_normalised" CHECK ("waitlist_entries"."email" = lower(btrim("waitlist_entries"."email"))),
	CONSTRAINT "waitlist_entries_not_self_referred" CHECK ("waitlist_entries"."referred_by" IS NULL OR "waitlist_entries"."referred_by" <> "waitlist_entries"."id")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_events_known_name" CHECK ("analytics_events"."name" IN ('Waitlist Navigation', 'Platform Module Clicked', 'How It Works Step Clicked', 'Demo Video Play Clicked'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_referred_by_waitlist_entries_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."waitlist_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_referred_by_idx" ON "waitlist_entries" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "analytics_events_name_created_at_idx" ON "analytics_events" USING btree ("name","created_at");