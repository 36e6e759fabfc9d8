import { z } from "zod";

/** A recording's transcript: pending while the job worker transcribes it, then its text (possibly empty) or an error. */
export const voiceTranscriptSchema = z.object({
  status: z.enum(["pending", "done", "failed"]),
  /** The engine, in words ("offline (PocketSphinx, English)"). */
  engine: z.string(),
  text: z.string().nullable(),
  /** Why it failed, in words a person can act on. */
  error: z.string().nullable(),
});
export type VoiceTranscript = z.infer<typeof voiceTranscriptSchema>;
