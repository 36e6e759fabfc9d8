-- One capture answer per recording. Two tabs holding the same kept recording could each save it as the answer, making
-- two memories of one spoken answer. Earlier duplicates keep their words: only the later ones let go of the recording
-- (the first saved keeps it), so no memory is lost and the index can be built. A recording linked to a memory from the
-- vault (no question) may still be linked to several.
UPDATE memories m SET voice_session_id = NULL
WHERE m.capture_prompt_id IS NOT NULL AND m.voice_session_id IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM memories e
    WHERE e.voice_session_id = m.voice_session_id AND e.capture_prompt_id IS NOT NULL
      AND (e.created_at, e.id) < (m.created_at, m.id)
  );
--> statement-breakpoint
CREATE UNIQUE INDEX "memories_capture_recording_once" ON "memories" USING btree ("voice_session_id") WHERE "memories"."capture_prompt_id" IS NOT NULL AND "memories"."voice_session_id" IS NOT NULL;
