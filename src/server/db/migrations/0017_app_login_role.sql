-- The app logs in as a role of its own (SECURITY.md 27): LOGIN, member of mindprint_app and nothing else, never a
-- superuser, no CREATEROLE, owning nothing. Its name and password are made by the first process that starts on this
-- database (db/app-login.ts) and kept here, readable by the owner alone, so every app process and worker of this
-- database logs in the same way and databases sharing a server never share a login.
CREATE TABLE "app_login" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "role_name" text NOT NULL,
  "password" text NOT NULL
);
--> statement-breakpoint
REVOKE ALL ON "app_login" FROM mindprint_app;
--> statement-breakpoint
REVOKE ALL ON "app_login" FROM PUBLIC;
