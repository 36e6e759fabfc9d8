import { z } from "zod";

/** A recording's transcript: pending while the job worker transcribes it, then its text (possibly empty) or an error. */
export const voiceTranscriptSchema = z.object({
  status: z.enum(["pending", "done", "failed"]),
  /** The engine, in words ("Whisper, offline, English"). */
  engine: z.string(),
  text: z.string().nullable(),
  /**
   * Indexes of the words of `text` (split on spaces) the engine was least sure of: where Whisper's close runners-up
   * heard something else (docs/formulas.md, "Transcription"). Empty when it was sure, or for an engine that does not say.
   */
  doubtful: z.array(z.number().int().nonnegative()),
  /** Why it failed, in words a person can act on. */
  error: z.string().nullable(),
});
export type VoiceTranscript = z.infer<typeof voiceTranscriptSchema>;
