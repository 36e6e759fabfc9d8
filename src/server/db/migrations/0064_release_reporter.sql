-- Issue 57 (SECURITY.md 52): who reported the death that made a release pending, so that their own confirmation never
-- releases a twin alone. The contact's row may go (set null: the rule then asks for two people anyway).
ALTER TABLE "legacy_releases" ADD COLUMN "reported_by_contact_id" uuid REFERENCES "legacy_contacts"("id") ON DELETE SET NULL;
