-- The outbox keeps rows for a while, not for ever (issue 40), and the owner's "I'm still here" reminders go through it
-- too. A reminder's link carries a one-time token, so its words are forgotten as soon as it is sent (the hourly check
-- sends and then forgets in the same run), not after 30 days. A sent row is deleted a year after it was sent (its event
-- can no longer recur: the release's steps happen once, and a reminder's key names its deadline); a row that failed for
-- good (20 attempts) is deleted a year after it was written, when an operator has long since read why.
CREATE OR REPLACE FUNCTION legacy_outbox_forget_sent() RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  AS $$
    WITH forgotten AS (
      UPDATE legacy_outbox SET subject = '', body = ''
      WHERE ((sent_at IS NOT NULL AND (sent_at < now() - interval '30 days' OR event_key LIKE 'still-here:%'))
          -- A reminder that could not be sent in 20 tries keeps no live link either.
          OR (sent_at IS NULL AND attempts >= 20 AND event_key LIKE 'still-here:%'))
        AND (subject <> '' OR body <> '')
      RETURNING 1
    )
    SELECT count(*)::integer FROM forgotten
  $$;
--> statement-breakpoint
CREATE FUNCTION legacy_outbox_expire() RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  AS $$
    WITH expired AS (
      DELETE FROM legacy_outbox
      WHERE (sent_at IS NOT NULL AND sent_at < now() - interval '365 days')
         OR (sent_at IS NULL AND attempts >= 20 AND created_at < now() - interval '365 days')
      RETURNING 1
    )
    SELECT count(*)::integer FROM expired
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_outbox_expire() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_outbox_expire() TO mindprint_app;
