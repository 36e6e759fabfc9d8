import { z } from "zod";
import { captureSignalsSchema } from "./capture";
import { voiceTranscriptSchema } from "./voice-transcript";
import { SPEECH_TEXT_MAX, VOICE_DESCRIPTION_MAX, VOICE_ID_MAX, VOICE_ID_MIN, VOICE_NAME_MAX, sessionQualityLabels, voiceCloneMessages, voiceConsentChecks, voiceConsentScopes, voiceProviders, voiceTrainingStatuses } from "./voice-options";

export * from "./voice-options";

export const voiceSessionSchema = z.object({
  id: z.string(),
  filename: z.string(),
  durationSeconds: z.number(),
  fileSize: z.number().int(),
  createdAt: z.string(),
  voiceProfileId: z.string().nullable(),
  /** `consent` for the voice-use consent recording, which never trains a clone. */
  purpose: z.enum(["training", "consent"]),
  /** Measured from the recording itself; null for sessions stored before measuring existed. */
  quality: z.object({ label: z.enum(sessionQualityLabels), reason: z.string(), levelDbfs: z.number(), noiseFloorDbfs: z.number(), clippedRatio: z.number() }).nullable(),
  /** A capture session's recording: the question it answers, and the voice signals measured while it was made. */
  promptId: z.string().nullable(),
  /** That question's words, so the Voice Training Hub can say what a capture recording answers. */
  question: z.string().nullable(),
  signals: captureSignalsSchema.nullable(),
  /** The transcript's first words ("We drove to the lake…"), once it is transcribed; null before, or with no speech. */
  firstWords: z.string().nullable(),
});
export type VoiceSession = z.infer<typeof voiceSessionSchema>;

export const voiceSessionResponseSchema = z.object({ session: voiceSessionSchema });

// In a file of its own: a capture question shows its recording's transcript, and capture.ts cannot import this file.
export { voiceTranscriptSchema, type VoiceTranscript } from "./voice-transcript";
export const voiceTranscriptResponseSchema = z.object({ transcript: voiceTranscriptSchema.nullable() });

/** The Voice section's stats strip and list: hours with one decimal, megabytes with one decimal. */
export const voiceSessionsResponseSchema = z.object({
  sessions: z.array(voiceSessionSchema),
  totals: z.object({ sessions: z.number().int(), seconds: z.number(), hours: z.number(), megabytes: z.number(), quotaMegabytes: z.number() }),
});
export type VoiceSessions = z.infer<typeof voiceSessionsResponseSchema>;

/** A cloned voice and its training state; `similarity` is 0 to 1 (shown as a percent with one decimal), null when not measured. */
export const voiceProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(voiceTrainingStatuses),
  error: z.string().nullable(),
  provider: z.enum(voiceProviders).nullable(),
  /** The engine's voice id (what text to speech takes); set once training has produced a voice. */
  voiceId: z.string().nullable(),
  similarity: z.number().nullable(),
  submittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Seconds of audio from the sessions attached to this voice. */
  trainedSeconds: z.number(),
  sessionCount: z.number().int(),
});
export type VoiceProfile = z.infer<typeof voiceProfileSchema>;

export const voiceProfileResponseSchema = z.object({ profile: voiceProfileSchema });

/** The clones, newest first, with the audio that could train a new one and which engine trains it. */
export const voiceProfilesResponseSchema = z.object({
  profiles: z.array(voiceProfileSchema),
  eligible: z.object({ seconds: z.number(), sessions: z.number().int(), minimumSeconds: z.number() }),
  engine: z.object({ provider: z.enum(voiceProviders), approximation: z.boolean(), description: z.string() }),
});
export type VoiceProfiles = z.infer<typeof voiceProfilesResponseSchema>;

export const createVoiceProfileRequestSchema = z.object({
  name: z
    .string({ error: voiceCloneMessages.nameRequired })
    .trim()
    .min(1, voiceCloneMessages.nameRequired)
    .max(VOICE_NAME_MAX, voiceCloneMessages.nameTooLong),
  description: z
    .string()
    .trim()
    .max(VOICE_DESCRIPTION_MAX, voiceCloneMessages.descriptionTooLong)
    .nullish()
    .transform((d) => (d ? d : null)),
});
export type CreateVoiceProfileRequest = z.input<typeof createVoiceProfileRequestSchema>;

export const speechRequestSchema = z.object({
  text: z
    .string({ error: voiceCloneMessages.textRequired })
    .refine((t) => t.trim().length > 0, voiceCloneMessages.textRequired)
    .refine((t) => t.length <= SPEECH_TEXT_MAX, voiceCloneMessages.textTooLong),
  voiceId: z.string({ error: voiceCloneMessages.invalidVoiceId }).min(VOICE_ID_MIN, voiceCloneMessages.invalidVoiceId).max(VOICE_ID_MAX, voiceCloneMessages.invalidVoiceId),
});
export type SpeechRequest = z.infer<typeof speechRequestSchema>;

/** A voice-use consent: what the owner read aloud, for whom, and the recording's fingerprint. */
export const voiceConsentSchema = z.object({
  id: z.string(),
  scope: z.enum(voiceConsentScopes),
  statement: z.string(),
  sha256: z.string(),
  durationSeconds: z.number(),
  voiceSessionId: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Ended because a newer consent took its place (the voice kept speaking), not by revocation. */
  replaced: z.boolean(),
  /** `heard`: the recogniser heard enough of the statement's phrases; `not-checked`: no recogniser was installed. */
  check: z.enum(voiceConsentChecks),
  /** Of the statement's words (Whisper's check) or phrases (PocketSphinx's) the recogniser listened for, how many it heard in order (null when not checked). */
  phrasesHeard: z.number().int().nullable(),
  phrasesListened: z.number().int().nullable(),
});
export type VoiceConsent = z.infer<typeof voiceConsentSchema>;

export const voiceConsentStateSchema = z.object({
  current: voiceConsentSchema.nullable(),
  /** Earlier consents, newest first. */
  history: z.array(voiceConsentSchema),
  /** The name the statement gives; the page puts it with the reader's own date (voiceConsentStatement). */
  name: z.string(),
  minimumSeconds: z.number(),
});
export type VoiceConsentState = z.infer<typeof voiceConsentStateSchema>;

/** The consent and its recording as a session (with its measured quality). */
export const voiceConsentResponseSchema = z.object({ consent: voiceConsentSchema, session: voiceSessionSchema });
export const voiceConsentRevokedSchema = z.object({ ok: z.literal(true), clonesDeleted: z.number().int(), vendorPending: z.number().int(), message: z.string() });
export type VoiceConsentRevoked = z.infer<typeof voiceConsentRevokedSchema>;
