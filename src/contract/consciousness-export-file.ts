/**
 * The consciousness export file: what `GET /api/export/consciousness` writes and `POST /api/import` reads back, part by
 * part. `data-export.ts` holds the requests and answers around it; the parts that are records of their own (memories,
 * voice sessions, …) are in `consciousness-export-parts.ts`, exported from here too.
 */
import { z } from "zod";
import { controlCharacterMessages, isPlainMultiLine, isSingleLine } from "./plain-text";
import { emotionValues } from "./memory-options";
import { MAX_INTENTS } from "./onboarding";
import { intentValues, legacyPreferenceValues } from "./profile";
import { legacyRoleValues } from "./legacy-options";
import { voiceConsentChecks, voiceConsentScopes } from "./voice-options";
import { ageBandValues, normSexValues, PERSONALITY_ATTEMPTS_MAX, PERSONALITY_ITEM_COUNT, SCENARIO_ANSWERS_MAX, SCENARIO_RULES, scenarioBasisValues } from "./personality-options";
import { stableIdSchema } from "./stable-id";
import { completenessSchema, mappingProgressSchema } from "./overview";
import { EXPORT_FORMAT, EXPORT_VERSION } from "./data-export-options";
import { twinAnswerKinds } from "./twin-options";
import { PERSON_NAME_MAX, PERSON_RELATIONSHIP_MAX } from "./people";
import {
  BIOMETRIC_EXPORT_SOURCES_MAX,
  exportedBiometricSourceSchema,
  exportedCalibrationSchema,
  exportedConversationSchema,
  exportedMemorySchema,
  exportedVoiceProfileSchema,
  exportedVoiceSessionSchema,
  isoDate,
} from "./consciousness-export-parts";

export * from "./consciousness-export-parts";

/** A collection as the file writes it: its items and how many there are. */
const counted = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int().min(0), data: z.array(item) });

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
  /** The People list: who is who in the person's life, as they confirmed it. Absent from files written before it existed. */
  people: counted(
    z.object({
      name: z.string().min(1).max(PERSON_NAME_MAX).refine(isSingleLine, controlCharacterMessages.singleLine),
      relationship: z.string().min(1).max(PERSON_RELATIONSHIP_MAX).refine(isSingleLine, controlCharacterMessages.singleLine),
      createdAt: isoDate,
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
