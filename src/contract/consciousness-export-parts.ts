/**
 * The parts of the consciousness export file that are records of their own: biometric sources, memories and their
 * versions, voice sessions and profiles, twin conversations and calibration answers. `consciousness-export-file.ts`
 * puts them together into the whole file.
 */
import { z } from "zod";
import { emotionValues, MEMORY_CONTENT_MAX, MEMORY_TAG_LENGTH_MAX, MEMORY_TAGS_MAX, memoryCategoryValues, memoryVisibilityValues, SEAL_DAYS_MAX } from "./memory-options";
import { CALIBRATION_RESPONSE_MAX, CALIBRATION_STATEMENT_MAX } from "./onboarding";
import { stableIdSchema } from "./stable-id";
import { isValidHappenedOn } from "./memory-when";
import { biometricFormatValues, biometricMetricValues } from "./biometric-options";
import { twinAnswerKinds } from "./twin-options";

export const isoDate = z.iso.datetime({ offset: true });
// The same bounds the memory API enforces, so an import can never store what the app itself would refuse.
const memoryContent = z.string().trim().min(1).max(MEMORY_CONTENT_MAX);
const memoryTags = z.array(z.string().min(1).max(MEMORY_TAG_LENGTH_MAX)).max(MEMORY_TAGS_MAX);

/** The most devices and stored days one file may bring (five years of every metric from many devices fits). */
export const BIOMETRIC_EXPORT_SOURCES_MAX = 50;
export const BIOMETRIC_EXPORT_DAYS_MAX = 200_000;
const finite = z.number();

/** One connected device: its daily values and newest readings (the uploaded files themselves are not kept). */
export const exportedBiometricSourceSchema = z.object({
  name: z.string().trim().min(1).max(200),
  format: z.enum(biometricFormatValues),
  days: z
    .array(z.object({ metric: z.enum(biometricMetricValues), day: z.iso.date(), value: finite, min: finite, max: finite, count: z.number().int().min(1) }))
    .max(BIOMETRIC_EXPORT_DAYS_MAX),
  latest: z.array(z.object({ metric: z.enum(biometricMetricValues), at: isoDate, value: finite })).max(biometricMetricValues.length),
});
export type ExportedBiometricSource = z.infer<typeof exportedBiometricSourceSchema>;

/** When it happened ("1998", "1998-06", "1998-06-14"); absent from files written before memories had it. */
const exportedHappenedOn = z
  .string()
  .refine((value) => isValidHappenedOn(value), "when it happened must be a year from 1000, a month (1998-06) or a date (1998-06-14), not in the future")
  .nullable()
  .default(null);

export const exportedMemoryVersionSchema = z.object({
  version: z.number().int().min(1),
  content: memoryContent,
  emotion: z.enum(emotionValues),
  category: z.enum(memoryCategoryValues),
  tags: memoryTags,
  emotionalIntensity: z.number().int().min(1).max(10),
  happenedOn: exportedHappenedOn,
  createdAt: isoDate,
});

export const exportedMemorySchema = z.object({
  id: z.string(),
  content: memoryContent,
  emotion: z.enum(emotionValues),
  category: z.enum(memoryCategoryValues),
  tags: memoryTags,
  emotionalIntensity: z.number().int().min(1).max(10),
  authenticityScore: z.number().int().min(0).max(100),
  hiddenFromTwin: z.boolean(),
  visibility: z.enum(memoryVisibilityValues),
  /** Absent from files written before seals existed; a date already past is kept (it simply no longer seals). */
  seal: z
    .discriminatedUnion("kind", [
      z.object({ kind: z.literal("until"), date: z.iso.date() }),
      z.object({ kind: z.literal("daysAfterRelease"), days: z.number().int().min(1).max(SEAL_DAYS_MAX) }),
    ])
    .nullable()
    .default(null),
  happenedOn: exportedHappenedOn,
  version: z.number().int().min(1),
  /** A memory saved from a capture session: the question it answers and which one. Absent from older files. */
  context: z.string().max(400).nullable().default(null),
  capturePromptId: stableIdSchema().nullable().default(null),
  /** The recording it was spoken in; recordings are not inside this file, so an import does not restore the link. */
  recordingId: z.string().nullable().default(null),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** The full history, oldest first; the last entry is the memory's current state. */
  versions: z.array(exportedMemoryVersionSchema).min(1),
});

export const exportedVoiceSessionSchema = z.object({
  id: z.string(),
  voiceProfileId: z.string().nullable(),
  filename: z.string(),
  durationSeconds: z.number(),
  fileSize: z.number(),
  voiceId: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  /** `consent` for a voice-use consent recording; absent from files written before consent existed. */
  purpose: z.enum(["training", "consent"]).default("training"),
  /** SHA-256 of the recording's bytes, to check the archive's file against. */
  sha256: z.string().nullable().default(null),
  /** A capture answer's recording: its question, the voice signals measured while it was made, its transcript. */
  promptId: z.string().nullable().default(null),
  signals: z.record(z.string(), z.number().nullable()).nullable().default(null),
  transcript: z.object({ status: z.enum(["pending", "done", "failed"]), engine: z.string(), text: z.string().nullable() }).nullable().default(null),
  createdAt: isoDate,
});

export const exportedVoiceProfileSchema = z.object({
  id: z.string(),
  voiceName: z.string(),
  voiceDescription: z.string().nullable(),
  trainingStatus: z.string(),
  trainingError: z.string().nullable(),
  trainingSubmittedAt: isoDate.nullable(),
  trainingCompletedAt: isoDate.nullable(),
  provider: z.string().nullable(),
  similarityScore: z.number().nullable(),
  createdAt: isoDate,
});

export const exportedConversationSchema = z.object({
  id: z.string(),
  messageType: z.enum(["user", "ai"]),
  prompt: z.string(),
  response: z.string(),
  authenticityScore: z.number().int().min(0).max(100).nullable(),
  feedback: z.enum(["up", "down"]).nullable(),
  lineage: z.record(z.string(), z.unknown()).nullable(),
  modelName: z.string().nullable(),
  /** What a twin message was (its own answer, a support message, …), null for questions; absent from older files. */
  kind: z.enum(twinAnswerKinds).nullable().optional(),
  createdAt: isoDate,
});

export const exportedCalibrationSchema = z.object({
  id: z.string(),
  statement: z.string().min(1).max(CALIBRATION_STATEMENT_MAX),
  response: z.string().min(1).max(CALIBRATION_RESPONSE_MAX),
  createdAt: isoDate,
});
