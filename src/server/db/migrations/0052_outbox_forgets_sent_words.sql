-- Decision 0033, "what is kept": a mail of the release, once sent, need not keep its words. 30 days after it was sent a
-- row keeps only what stops it being sent twice (owner, event key, recipient, when it was sent) and forgets its subject
-- and body, which hold the names and words of a family's bereavement. The app role cannot rewrite a mail (decision
-- 0033), so this is one SECURITY DEFINER function with no argument: the 30 days are the database's own, so no caller can
-- forget a younger mail, and only the words of sent rows are touched. Unsent and failing rows keep theirs (they still
-- have to be sent, or read by an operator).
CREATE FUNCTION legacy_outbox_forget_sent() RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
  AS $$
    WITH forgotten AS (
      UPDATE legacy_outbox SET subject = '', body = ''
      WHERE sent_at IS NOT NULL AND sent_at < now() - interval '30 days' AND (subject <> '' OR body <> '')
      RETURNING 1
    )
    SELECT count(*)::integer FROM forgotten
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION legacy_outbox_forget_sent() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION legacy_outbox_forget_sent() TO mindprint_app;
