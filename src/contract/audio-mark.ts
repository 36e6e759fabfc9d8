import { z } from "zod";

/**
 * Who stands behind a file's AI mark (decision 0047): a C2PA manifest signed by this installation, one validly signed
 * by another certificate, a mark that is not signed (an IPTC mark alone, or a C2PA signature that does not hold over
 * the file), or no mark at all.
 */
export const markSignatures = ["this_installation", "another", "unsigned", "none"] as const;

/** What the check of an audio file's AI mark answers (decisions 0030, 0047). */
export const audioMarkResponseSchema = z.object({
  signature: z.enum(markSignatures),
  /** The signing certificate's names as the file states them: the file's text, not ours (null unless signed). */
  signedBy: z.string().nullable(),
  /** Why a C2PA signature found in the file does not hold, in C2PA's validation codes ("assertion.dataHash.mismatch"). */
  problems: z.array(z.string()),
  /** The file carries a mark at all (C2PA or IPTC). */
  marked: z.boolean(),
  /** The mark's source type says it was made by an algorithm (trainedAlgorithmicMedia for our voices). */
  aiGenerated: z.boolean(),
  sourceType: z.string().nullable(),
  madeBy: z.string().nullable(),
  /** Whose voice it imitates, as the mark says: the file's text (ours: the name the owner stated in their recorded consent). */
  about: z.string().nullable(),
  /** The voice's own name, free text its owner chose ("My voice"), when the mark gives one: a label, never whose voice it is. */
  label: z.string().nullable(),
  madeAt: z.string().nullable(),
  engine: z.string().nullable(),
  format: z.enum(["wav", "mp3"]),
  /**
   * One sentence, names in quotes: 'Signed by this Mindprint installation: AI-generated speech, the AI voice of "Nell"
   * (the name stated in their recorded consent), labelled "My voice" by its owner, made on 2026-11-26.'
   */
  summary: z.string(),
});
export type AudioMarkResponse = z.infer<typeof audioMarkResponseSchema>;

/** The signing certificate people compare a mark against: the anchor of this installation's chain (Trust page). */
export const markCertificateResponseSchema = z.object({
  pem: z.string(),
  /** SHA-256 of the certificate, colon-separated hex. */
  fingerprint: z.string(),
  subject: z.string(),
  validUntil: z.string(),
});
export type MarkCertificateResponse = z.infer<typeof markCertificateResponseSchema>;

export const audioMarkMessages = {
  fileRequired: "Choose a WAV or MP3 file to check (multipart field `audio`).",
  oneFileOnly: "Send one file at a time.",
  uploadIncomplete: "The file did not arrive whole. Check your connection and send it again.",
  notAudio: "Only WAV and MP3 files can be checked for an AI mark.",
  tooLarge: (mb: number) => `The file is larger than ${mb} MB.`,
};
