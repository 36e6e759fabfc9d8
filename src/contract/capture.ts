import { z } from "zod";
import { CAPTURE_ANSWER_MAX, captureMessages } from "./capture-options";
import { memoryCategoryValues } from "./memory-options";
import { mappingDomainValues } from "./overview";
import { stableIdSchema } from "./stable-id";
import { voiceTranscriptSchema } from "./voice-transcript";

export * from "./capture-options";

const promptId = stableIdSchema(captureMessages.promptInvalid);

export const capturePromptSchema = z.object({
  id: z.string(),
  domain: z.enum(mappingDomainValues),
  domainLabel: z.string(),
  /** The memory category an answer is saved under. */
  category: z.enum(memoryCategoryValues),
  text: z.string(),
  /**
   * The newest recording made for this question and not yet saved as its answer (kept with the question from the
   * moment it is stored, whatever the page does next), with its transcript; null when there is none.
   */
  recording: z
    .object({
      id: z.string(),
      durationSeconds: z.number(),
      createdAt: z.string(),
      /** Null when it was never transcribed (no engine, or the hourly limit was reached when it was stored). */
      transcript: voiceTranscriptSchema.nullable(),
    })
    .nullable(),
});
export type CapturePromptView = z.infer<typeof capturePromptSchema>;

/** GET /api/capture/prompts: the questions not yet answered, in the order they are offered. */
export const capturePromptsResponseSchema = z.object({
  /**
   * The questions with a recording awaiting its answer first (newest first), then the opening question while it is
   * unanswered, then the domain with the least mapping progress first.
   */
  queue: z.array(capturePromptSchema),
  answered: z.number().int(),
  total: z.number().int(),
  /** The transcription engine in words ("Whisper, offline, English"), or null when spoken answers cannot be transcribed on this server. */
  transcription: z.string().nullable(),
});

const seconds = z.number().min(0).max(24 * 3600);
const nullable = (schema: z.ZodNumber) => schema.nullable();

/**
 * The voice signals of a recording, measured in the person's browser while they spoke (docs/formulas.md, "Capture
 * signals"): every figure null when its signal was absent (no speech, no voiced sound).
 */
export const captureSignalsSchema = z.strictObject({
  analysedSeconds: seconds,
  speechSeconds: seconds,
  /** Median loudness of the frames with speech, dBFS. */
  loudnessDbfs: nullable(z.number().min(-120).max(0)),
  /** Median pitch of voiced frames, Hz, and its spread in semitones. */
  pitchHz: nullable(z.number().min(40).max(1000)),
  pitchVariationSemitones: nullable(z.number().min(0).max(48)),
  /** Syllable nuclei per second of speech. */
  syllablesPerSecond: nullable(z.number().min(0).max(20)),
  /** Silences of half a second or more between stretches of speech, their mean length, and their share of the span. */
  pauses: z.number().int().min(0).max(100_000),
  meanPauseSeconds: nullable(z.number().min(0).max(24 * 3600)),
  pauseShare: nullable(z.number().min(0).max(1)),
  /** The cognitive-load estimate, 0–10, from the pause share and the speaking rate. */
  cognitiveLoad: nullable(z.number().min(0).max(10)),
});
export type CaptureSignals = z.infer<typeof captureSignalsSchema>;

/** POST /api/capture/answers: the answer, spoken (with its recording) or typed, saved to the vault as a memory. */
export const saveCaptureAnswerSchema = z.strictObject({
  promptId,
  content: z.string({ error: captureMessages.answerRequired }).trim().min(1, captureMessages.answerRequired).max(CAPTURE_ANSWER_MAX, captureMessages.answerTooLong),
  /** The recording of this answer, if it was spoken (one of the person's own voice sessions). */
  recordingId: z.uuid(captureMessages.noRecording).nullable().default(null),
});

/** The multipart fields a capture recording may carry before its `audio` file. */
export const captureUploadFieldsSchema = z.object({
  promptId: promptId.optional(),
  /** JSON of captureSignalsSchema. */
  signals: z.string().optional(),
});
