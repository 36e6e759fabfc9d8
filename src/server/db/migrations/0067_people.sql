-- The people in a person's life (issue 58): who is who, as the owner confirms it ("Desmond", "husband"), so the twin
-- can resolve a family member's "Dad" to the person it names and say "your dad" back. Only confirmed entries are
-- stored; suggestions (read from memories and legacy contacts) are computed when the list is read. The owner's only.
CREATE TABLE "people" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 80),
  "relationship" text NOT NULL CHECK (char_length("relationship") BETWEEN 1 AND 40),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "people_user_name_relationship" ON "people" ("user_id", lower("name"), lower("relationship"));
--> statement-breakpoint
ALTER TABLE "people" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY people_owner ON "people" FOR ALL TO mindprint_app USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
REVOKE ALL ON "people" FROM mindprint_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "people" TO mindprint_app;
