/**
 * The consciousness export file: what `GET /api/export/consciousness` writes and `POST /api/import` reads back, part by
 * part. `data-export.ts` holds the requests and answers around it.
 */
import { z } from "zod";
import { controlCharacterMessages, isPlainMultiLine, isSingleLine } from "./plain-text";
import { emotionValues, MEMORY_CONTENT_MAX, MEMORY_TAG_LENGTH_MAX, MEMORY_TAGS_MAX, memoryCategoryValues, memoryVisibilityValues, SEAL_DAYS_MAX } from "./memory-options";
import { CALIBRATION_RESPONSE_MAX, CALIBRATION_STATEMENT_MAX, MAX_INTENTS } from "./onboarding";
import { intentValues, legacyPreferenceValues } from "./profile";
import { legacyRoleValues } from "./legacy-options";
import { voiceConsentChecks, voiceConsentScopes } from "./voice-options";
import { ageBandValues, normSexValues, PERSONALITY_ATTEMPTS_MAX, PERSONALITY_ITEM_COUNT, SCENARIO_ANSWERS_MAX, SCENARIO_RULES, scenarioBasisValues } from "./personality-options";
import { stableIdSchema } from "./stable-id";
import { isValidHappenedOn } from "./memory-when";
import { biometricFormatValues, biometricMetricValues } from "./biometric-options";
import { completenessSchema, mappingProgressSchema } from "./overview";
import { EXPORT_FORMAT, EXPORT_VERSION } from "./data-export-options";
import { twinAnswerKinds } from "./twin-options";

export const isoDate = z.iso.datetime({ offset: true });
// The same bounds the memory API enforces, so an import can never store what the app itself would refuse.
const memoryContent = z.string().trim().min(1).max(MEMORY_CONTENT_MAX);
const memoryTags = z.array(z.string().min(1).max(MEMORY_TAG_LENGTH_MAX)).max(MEMORY_TAGS_MAX);
const counted = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int().min(0), data: z.array(item) });

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

/**
 * consciousness-export-{date}.json: the spec's structure (metadata, consciousness, memories, voiceSessions,
 * personality) plus everything else the person owns. The import validates a file against this schema.
 */
export const consciousnessExportSchema = z.object({
  metadata: z.object({
    exportDate: isoDate,
    version: z.literal(EXPORT_VERSION),
    platform: z.string(),
    format: z.literal(EXPORT_FORMAT),
  }),
  profile: z.object({
    email: z.string(),
    firstName: z.string().max(100).refine(isSingleLine, controlCharacterMessages.singleLine).nullable(),
    birthday: z.iso.date().nullable(),
    legacyPreference: z.enum(legacyPreferenceValues).nullable(),
    userIntents: z.array(z.enum(intentValues)).max(MAX_INTENTS),
    primaryIntent: z.enum(intentValues).nullable(),
    onboardingComplete: z.boolean(),
    createdAt: isoDate,
  }),
  consciousness: z.object({
    /** Live signals are not measured yet, so every field is null (the spec's initial state). */
    state: z.object({
      cognitiveLoad: z.null(),
      attentionFocus: z.null(),
      emotionalValence: z.null(),
      stressResponse: z.null(),
      authenticityScore: z.null(),
      currentEmotion: z.null(),
    }),
    /** Imported device data per device (empty in files written before Biometric Intelligence). */
    biometrics: z.object({ count: z.number().int().min(0), data: z.array(exportedBiometricSourceSchema).max(BIOMETRIC_EXPORT_SOURCES_MAX) }),
    completeness: completenessSchema,
  }),
  personality: z.object({
    traits: z.array(z.string()),
    patterns: z.object({
      emotions: z.array(z.object({ emotion: z.enum(emotionValues), count: z.number().int() })),
      mapping: z.array(mappingProgressSchema),
    }),
    preferences: z.object({
      legacyPreference: z.string().nullable(),
      userIntents: z.array(z.string()),
      primaryIntent: z.string().nullable(),
    }),
  }),
  reflection: z
    .object({ summary: z.string().min(1), traitsUsed: z.array(z.string()), modelName: z.string(), createdAt: isoDate, updatedAt: isoDate })
    .nullable(),
  calibrationAnswers: counted(exportedCalibrationSchema),
  conversations: counted(exportedConversationSchema),
  voiceProfiles: counted(exportedVoiceProfileSchema),
  voiceSessions: counted(exportedVoiceSessionSchema),
  /**
   * The people named to receive the legacy, in order. Absent from files written before legacy contacts existed. An
   * import names them again without any invitation: the owner sends new ones (an old link never works elsewhere).
   */
  legacyContacts: counted(
    z.object({
      position: z.number().int().min(1).max(10),
      name: z.string().min(1).max(100).refine(isSingleLine, controlCharacterMessages.singleLine),
      email: z.email(),
      relationship: z.string().min(1).max(60).refine(isSingleLine, controlCharacterMessages.singleLine),
      role: z.enum(legacyRoleValues),
      invitedAt: isoDate,
      acceptedAt: isoDate.nullable(),
    }),
  ).default({ count: 0, data: [] }),
  /** How the legacy is released (its triggers and waiting period), never its state: an import starts not released. */
  legacySettings: z
    .object({
      inactivityMonths: z.union([z.literal(3), z.literal(6), z.literal(12), z.literal(18)]).nullable(),
      deathReports: z.boolean(),
      vetoDays: z.number().int().min(1).max(30),
      /** Absent from files written before retirement existed. */
      retentionMonths: z.union([z.literal(3), z.literal(6), z.literal(12), z.literal(24), z.literal(36)]).default(12),
      introduction: z.string().max(500).refine(isPlainMultiLine, controlCharacterMessages.multiLine).nullable().default(null),
      /**
       * The public memorial's address and whether search engines may list it. Not restored by an import: an address
       * belongs to the server it was chosen on (it may be someone else's there); open the memorial again in Legacy.
       */
      memorialSlug: z.string().max(60).nullable().default(null),
      memorialIndexing: z.boolean().default(false),
    })
    .nullable()
    .default(null),
  /**
   * Voice-use consents, newest first: the statement read, its scope and the recording's SHA-256 (the audio itself is in
   * the voice recordings archive). Not restored by an import: a consent belongs with its recording, and the clones it
   * allowed are not restored either. Absent from files written before consent existed.
   */
  voiceConsents: counted(
    z.object({
      scope: z.enum(voiceConsentScopes),
      statement: z.string(),
      sha256: z.string(),
      durationSeconds: z.number(),
      recordingFilename: z.string().nullable(),
      createdAt: isoDate,
      revokedAt: isoDate.nullable(),
      replaced: z.boolean(),
      /**
       * Whether the recording was heard as the statement before it was accepted (`heard`), or kept unchecked because no
       * recogniser was installed (`not-checked`). Absent from files written before the check existed: not checked.
       */
      check: z.enum(voiceConsentChecks).default("not-checked"),
    }),
  ).default({ count: 0, data: [] }),
  /**
   * The person's own age record (issue 33, decision 0029): the date of birth as stated, who stated it (`self`, or
   * `support` after a correction) and when, and when a parent or guardian consented (13–17; null otherwise). The
   * guardian's address is theirs, not this person's, and is not included. Null when never asked (accounts older than the
   * check). Not restored by an import: an age is stated once per account, and only support corrects it.
   */
  age: z
    .object({ birthDate: z.iso.date(), statedBy: z.enum(["self", "support"]), statedAt: isoDate, guardianConsentedAt: isoDate.nullable() })
    .nullable()
    .default(null),
  /**
   * This person's own conversations with the released twins of people who named them (as a legacy contact), each with
   * whose twin it was. Not restored by an import: they belong to that relationship, on this account.
   */
  legacyConversations: counted(
    z.object({
      twinOf: z.string(),
      role: z.enum(["user", "twin"]),
      /** What a twin message was (its own answer, a support message, …), null for questions; absent from older files. */
      kind: z.enum(twinAnswerKinds).nullable().optional(),
      text: z.string(),
      memoryIds: z.array(z.string()),
      createdAt: isoDate,
    }),
  ).default({ count: 0, data: [] }),
  /**
   * Every Big Five questionnaire, oldest first: the 120 answers (null while unanswered), when it was started and
   * completed, and the norm group chosen; a completed one with its scores. An import restores the answers and scores
   * them again with this version's norms. Absent from files written before Personality Mapping existed.
   */
  personalityAttempts: z
    .object({
      count: z.number().int().min(0),
      data: z
        .array(
          z
            .object({
              startedAt: isoDate,
              completedAt: isoDate.nullable(),
              answers: z.array(z.number().int().min(1).max(5).nullable()).length(PERSONALITY_ITEM_COUNT),
              normSex: z.enum(normSexValues).nullable(),
              normAgeBand: z.enum(ageBandValues).nullable(),
              scores: z.array(z.object({ trait: z.string(), raw: z.number().int(), percentile: z.number().int(), level: z.string() })).max(35),
            })
            .refine((a) => a.completedAt === null || Date.parse(a.completedAt) >= Date.parse(a.startedAt), "A questionnaire cannot be completed before it was started."),
        )
        .max(PERSONALITY_ATTEMPTS_MAX),
    })
    .default({ count: 0, data: [] }),
  /**
   * Decision Scenario Testing: each answer with its own words, and for a first answer the twin's prediction made before
   * it and what the prediction drew on. An import adds the answers to scenarios the account has not answered (and
   * scenarios this version knows). Absent from files written before scenarios existed.
   */
  scenarioAnswers: z
    .object({
      count: z.number().int().min(0),
      data: z
        .array(
          z.object({
            scenarioId: stableIdSchema(),
            kind: z.enum(["first", "retest"]),
            choice: z.number().int().min(1).max(4),
            words: z.string().max(SCENARIO_RULES.wordsMax),
            predicted: z.number().int().min(1).max(4).nullable(),
            basis: z.array(z.enum(scenarioBasisValues)).max(scenarioBasisValues.length),
            answeredAt: isoDate,
          }),
        )
        .max(SCENARIO_ANSWERS_MAX),
    })
    .default({ count: 0, data: [] }),
  /** Computed insights (memory patterns, values) as last generated; derived data, so the import does not restore them. */
  insights: counted(z.object({ kind: z.string(), data: z.record(z.string(), z.unknown()), updatedAt: isoDate })).optional(),
  memories: counted(exportedMemorySchema),
});
export type ConsciousnessExport = z.infer<typeof consciousnessExportSchema>;
