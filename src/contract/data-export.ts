import { z } from "zod";
import { exportedVoiceSessionSchema, isoDate } from "./consciousness-export-file";
import { ENCRYPTED_EXPORT_FORMAT, exportMessages, PASSPHRASE_MAX, PASSPHRASE_MIN } from "./data-export-options";

export * from "./data-export-options";
export * from "./consciousness-export-file";

/** The header of an encrypted export; the ciphertext and tag follow in the same JSON object. */
export const encryptedExportSchema = z.object({
  format: z.literal(ENCRYPTED_EXPORT_FORMAT),
  version: z.literal(1),
  cipher: z.literal("aes-256-gcm"),
  kdf: z.object({
    name: z.literal("scrypt"),
    N: z.number().int().min(1024).max(2 ** 17),
    r: z.number().int().min(1).max(32),
    p: z.number().int().min(1).max(16),
    keyLength: z.literal(32),
    salt: z.base64(),
  }),
  iv: z.base64(),
  /** HMAC of the derived key: tells a wrong passphrase apart from a damaged file. */
  check: z.base64(),
  ciphertext: z.base64(),
  tag: z.base64(),
});
export type EncryptedExport = z.infer<typeof encryptedExportSchema>;

const passphraseSchema = z
  .string({ error: exportMessages.passphraseTooShort })
  .min(PASSPHRASE_MIN, exportMessages.passphraseTooShort)
  .max(PASSPHRASE_MAX, exportMessages.passphraseTooLong);

/** POST /api/export/consciousness/encrypted */
export const encryptedExportRequestSchema = z.strictObject({ passphrase: passphraseSchema });

/** POST /api/import: the file's text as read by the browser, and the passphrase when the file is encrypted. */
export const importRequestSchema = z.strictObject({
  file: z.string({ error: exportMessages.fileRequired }).min(1, exportMessages.fileRequired),
  passphrase: z.string().max(PASSPHRASE_MAX, exportMessages.passphraseTooLong).optional(),
});

export const importResponseSchema = z.object({
  imported: z.object({
    memories: z.number().int(),
    memoryVersions: z.number().int(),
    calibrationAnswers: z.number().int(),
    conversations: z.number().int(),
    reflection: z.boolean(),
    personalityAttempts: z.number().int(),
    scenarioAnswers: z.number().int(),
    biometricSources: z.number().int(),
    people: z.number().int(),
  }),
  /** Voice recordings are not inside the JSON export, so their metadata is not restored. */
  notRestored: z.object({ voiceSessions: z.number().int(), voiceProfiles: z.number().int(), voiceConsents: z.number().int(), legacyConversations: z.number().int() }),
});
export type ImportResult = z.infer<typeof importResponseSchema>;

/** GET /api/export/summary: the figures and contents list of the Data Export section. */
export const exportSummaryResponseSchema = z.object({
  sessions: z.number().int(),
  voiceHours: z.number(),
  memories: z.number().int(),
  /** Audio bytes plus the bytes of everything the person wrote, in MB with one decimal. */
  totalMegabytes: z.number(),
  contents: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type ExportSummary = z.infer<typeof exportSummaryResponseSchema>;

/** voice-archive-{date}.json: the spec's metadata and sessions; the audio files arrive with the voice feature. */
export const voiceArchiveSchema = z.object({
  metadata: z.object({ exportDate: isoDate, totalSessions: z.number().int(), totalSeconds: z.number(), note: z.string() }),
  sessions: z.array(exportedVoiceSessionSchema),
});
export type VoiceArchive = z.infer<typeof voiceArchiveSchema>;
