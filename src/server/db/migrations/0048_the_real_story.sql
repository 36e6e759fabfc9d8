-- Issue 34, "the real story" (decision 0034). Two owner settings on the release row: who may hear the owner's own
-- recordings linked to memories (`recordings_audience`: only the owner, their contacts after release, or the public
-- memorial too, the same three words as the voice consent), and the words the owner writes for the public memorial.
ALTER TABLE "legacy_releases" ADD COLUMN "recordings_audience" text DEFAULT 'only-me' NOT NULL;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD CONSTRAINT "legacy_releases_recordings_audience_known"
  CHECK ("recordings_audience" IN ('only-me', 'contacts-after-release', 'public-memorial'));
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD COLUMN "memorial_introduction" text;
--> statement-breakpoint
ALTER TABLE "legacy_releases" ADD CONSTRAINT "legacy_releases_memorial_introduction_length"
  CHECK ("memorial_introduction" IS NULL OR char_length("memorial_introduction") <= 2000);
--> statement-breakpoint
-- What an accepted contact reading a released legacy (withReaderScope) needs beyond the memories: the owner's
-- birthday (for "age 38" on a memory) and the recordings audience. Nothing before release, nothing to anyone else.
CREATE FUNCTION legacy_reader_story() RETURNS TABLE (birthday date, recordings_audience text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT p.birthday, r.recordings_audience
      FROM legacy_releases r
      LEFT JOIN profiles p ON p.user_id = r.user_id
     WHERE r.user_id = app_reading_owner_id()
       AND r.state IN ('released', 'paused', 'retired')
       AND (r.state <> 'retired' OR r.retired_at + make_interval(months => r.retention_months) > app_now())
       AND EXISTS (SELECT 1 FROM legacy_contacts c
                    WHERE c.user_id = r.user_id AND c.contact_user_id = app_current_user_id() AND c.accepted_at IS NOT NULL)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_reader_story() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_reader_story() TO mindprint_app;
--> statement-breakpoint
-- The memorial's own facts, for its address only while it is open (memorial_release()): the birthday, the day of the
-- death report that led to the release (the last move into `pending` before `released_at`, when it was a death report),
-- the owner's words for the public, and the recordings audience.
CREATE FUNCTION memorial_story() RETURNS TABLE (birthday date, died_on date, introduction text, recordings_audience text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT p.birthday,
           (SELECT CASE WHEN a.action ILIKE '%death%' THEN (a.at AT TIME ZONE 'UTC')::date END
              FROM legacy_audit a
             WHERE a.user_id = r.user_id AND a.to_state = 'pending' AND a.from_state <> 'pending' AND a.at <= r.released_at
             ORDER BY a.at DESC LIMIT 1),
           r.memorial_introduction, r.recordings_audience
      FROM legacy_releases r
      JOIN memorial_release() m ON m.owner_id = r.user_id
      LEFT JOIN profiles p ON p.user_id = r.user_id
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION memorial_story() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION memorial_story() TO mindprint_app;
--> statement-breakpoint
-- A contact hears a recording only when it belongs to the owner they read, is linked to a memory of that owner the
-- contact may read (the memories policy of 0027 applies inside this one), and the owner let contacts hear recordings.
CREATE POLICY voice_sessions_legacy_reader ON "voice_sessions" FOR SELECT TO mindprint_app
  USING (
    user_id = app_reading_owner_id()
    AND purpose = 'training'
    AND EXISTS (SELECT 1 FROM legacy_reader_story() s WHERE s.recordings_audience IN ('contacts-after-release', 'public-memorial'))
    AND EXISTS (SELECT 1 FROM memories m WHERE m.voice_session_id = voice_sessions.id AND m.user_id = voice_sessions.user_id
                  AND m.visibility IN ('family', 'public'))
  );
--> statement-breakpoint
-- A memorial visitor hears a recording linked to one of the memorial's public, opened memories (the memories policy
-- of 0031 applies inside), and only when the owner chose the public memorial as the recordings' audience.
CREATE POLICY voice_sessions_memorial_reader ON "voice_sessions" FOR SELECT TO mindprint_app
  USING (
    app_memorial_slug() IS NOT NULL
    AND app_current_user_id() IS NULL
    AND purpose = 'training'
    AND EXISTS (SELECT 1 FROM memorial_story() s WHERE s.recordings_audience = 'public-memorial')
    AND EXISTS (SELECT 1 FROM memories m WHERE m.voice_session_id = voice_sessions.id AND m.user_id = voice_sessions.user_id
                  AND m.visibility = 'public')
  );
