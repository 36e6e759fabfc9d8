-- Legacy, part 2 (issue 16): a contact may attach a document to a death report (a death certificate, say), kept
-- privately for the owner's executors. The rows are the owner's (row-level secured like every other); executors, and
-- the contact who uploaded one, reach them only through the SECURITY DEFINER function below.
CREATE TABLE "legacy_documents" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "contact_id" uuid REFERENCES "legacy_contacts"("id") ON DELETE SET NULL,
  "uploaded_by" text NOT NULL,
  "filename" text NOT NULL,
  "content_type" text NOT NULL,
  "file_size" bigint NOT NULL,
  "sha256" text NOT NULL,
  "storage_key" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "legacy_documents_type_known" CHECK ("content_type" IN ('application/pdf', 'image/jpeg', 'image/png'))
);
--> statement-breakpoint
CREATE INDEX "legacy_documents_user" ON "legacy_documents" ("user_id", "created_at");
--> statement-breakpoint
ALTER TABLE "legacy_documents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY legacy_documents_owner ON "legacy_documents" FOR ALL TO mindprint_app
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id());
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "legacy_documents" TO mindprint_app;
--> statement-breakpoint
-- The documents of the owner who named the caller through `contact`: all of them for an executor, their own upload
-- for any other contact, nothing otherwise.
CREATE FUNCTION legacy_documents_for_my_contact(contact uuid)
  RETURNS TABLE (id uuid, uploaded_by text, filename text, content_type text, file_size bigint, storage_key text, created_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT d.id, d.uploaded_by, d.filename, d.content_type, d.file_size, d.storage_key, d.created_at
      FROM legacy_documents d
      JOIN legacy_contacts c ON c.user_id = d.user_id
     WHERE c.id = contact AND c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL
       AND (c.role = 'executor' OR d.contact_id = c.id)
     ORDER BY d.created_at DESC
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_documents_for_my_contact(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_documents_for_my_contact(uuid) TO mindprint_app;
