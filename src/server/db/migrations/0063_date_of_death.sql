-- Issue 44: a death report may give the date of death (optional; never in the future, never before the date of birth).
-- The memorial shows it as the year of death; without one it shows no year of death, rather than the day of the report.
ALTER TABLE "legacy_releases" ADD COLUMN "died_on" date;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION memorial_story() RETURNS TABLE (birthday date, died_on date, introduction text, recordings_audience text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT p.birthday, r.died_on, r.memorial_introduction, r.recordings_audience
      FROM legacy_releases r
      JOIN memorial_release() m ON m.owner_id = r.user_id
      LEFT JOIN profiles p ON p.user_id = r.user_id
  $$;
