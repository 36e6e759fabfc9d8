-- Issue 46: the offline transcriber (Whisper) says which words of a transcript it was least sure of, so the review can
-- show them. Indexes into the transcript's words; empty for engines that do not say.
ALTER TABLE "voice_transcripts" ADD COLUMN "doubtful_words" integer[] NOT NULL DEFAULT '{}';
