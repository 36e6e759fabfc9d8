-- Issue 57 (SECURITY.md 55): a memorial address is reserved one at a time. An owner holds the address they use now;
-- the one they leave, and every address of an erased account, is free again, unless it was public: an address that
-- a released memorial was served at may be printed in an obituary or listed by a search engine, so it never leads
-- to someone else's memorial (decision 0050).
ALTER TABLE "memorial_addresses" ADD COLUMN "published" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE memorial_addresses a SET published = true
  FROM legacy_releases r
 WHERE r.user_id = a.user_id AND r.state IN ('released', 'paused', 'retired');
--> statement-breakpoint
-- What was squatted before this rule: addresses nobody uses now and no released memorial was ever at.
DELETE FROM memorial_addresses a
 WHERE NOT a.published AND NOT EXISTS (SELECT 1 FROM legacy_releases r WHERE r.memorial_slug = a.slug);
--> statement-breakpoint
-- Whether the signed-in owner may use `wanted`: it is free (and now theirs) or already theirs. Claiming it lets go of
-- every other address of theirs that was never public.
CREATE OR REPLACE FUNCTION claim_memorial_address(wanted text) RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF app_current_user_id() IS NULL THEN RETURN false; END IF;
    INSERT INTO memorial_addresses (slug, user_id) VALUES (wanted, app_current_user_id()) ON CONFLICT (slug) DO NOTHING;
    IF NOT EXISTS (SELECT 1 FROM memorial_addresses WHERE slug = wanted AND user_id = app_current_user_id()) THEN RETURN false; END IF;
    DELETE FROM memorial_addresses WHERE user_id = app_current_user_id() AND slug <> wanted AND NOT published;
    RETURN true;
  END
  $$;
--> statement-breakpoint
-- The signed-in owner closes their memorial: every address of theirs that was never public is free.
CREATE FUNCTION free_memorial_addresses() RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    DELETE FROM memorial_addresses WHERE user_id = app_current_user_id() AND NOT published;
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION free_memorial_addresses() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION free_memorial_addresses() TO mindprint_app;
--> statement-breakpoint
-- A memorial served at its address (its legacy released) makes the address public for good.
CREATE FUNCTION memorial_address_published() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF NEW.memorial_slug IS NOT NULL AND NEW.state IN ('released', 'paused', 'retired') THEN
      UPDATE memorial_addresses SET published = true WHERE slug = NEW.memorial_slug AND NOT published;
    END IF;
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER legacy_releases_memorial_published AFTER INSERT OR UPDATE OF state, memorial_slug ON legacy_releases
  FOR EACH ROW EXECUTE FUNCTION memorial_address_published();
--> statement-breakpoint
-- An erased account's addresses (user_id set null by the foreign key) are free, unless they were public.
CREATE FUNCTION memorial_address_orphaned() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF NEW.user_id IS NULL AND NOT NEW.published THEN
      DELETE FROM memorial_addresses WHERE slug = NEW.slug;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER memorial_addresses_orphaned AFTER UPDATE OF user_id ON memorial_addresses
  FOR EACH ROW EXECUTE FUNCTION memorial_address_orphaned();
