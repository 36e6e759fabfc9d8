-- Decision 0033, "what is kept": a mail of the release, once sent, need not keep its words. After 30 days a sent row
-- keeps only what stops it being sent twice (owner, event key, recipient, when it was sent) and forgets its subject and
-- body, which hold the names and words of a family's bereavement. The app role cannot rewrite a mail (decision 0033), so
-- this is one SECURITY DEFINER function that does exactly this and nothing else; unsent and failing rows keep their
-- words (they still have to be sent, or read by an operator).
CREATE FUNCTION legacy_outbox_forget_sent(cutoff timestamptz) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  AS $$
    WITH forgotten AS (
      UPDATE legacy_outbox SET subject = '', body = ''
      WHERE sent_at IS NOT NULL AND sent_at < cutoff AND (subject <> '' OR body <> '')
      RETURNING 1
    )
    SELECT count(*)::integer FROM forgotten
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_outbox_forget_sent(timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_outbox_forget_sent(timestamptz) TO mindprint_app;
