import { z } from "zod";

/** What the check of an audio file's AI mark answers (decision 0030). */
export const audioMarkResponseSchema = z.object({
  /** The file carries an IPTC digital source type at all. */
  marked: z.boolean(),
  /** The source type says it was made by an algorithm (trainedAlgorithmicMedia for our voices). */
  aiGenerated: z.boolean(),
  sourceType: z.string().nullable(),
  madeBy: z.string().nullable(),
  /** Whose voice it imitates. */
  about: z.string().nullable(),
  madeAt: z.string().nullable(),
  engine: z.string().nullable(),
  format: z.enum(["wav", "mp3"]),
  /** One sentence: "made by Mindprint's AI voice of Nell on 2026-11-26", or "no AI mark". */
  summary: z.string(),
});
export type AudioMarkResponse = z.infer<typeof audioMarkResponseSchema>;

export const audioMarkMessages = {
  fileRequired: "Choose a WAV or MP3 file to check (multipart field `audio`).",
  oneFileOnly: "Send one file at a time.",
  uploadIncomplete: "The file did not arrive whole. Check your connection and send it again.",
  notAudio: "Only WAV and MP3 files can be checked for an AI mark.",
  tooLarge: (mb: number) => `The file is larger than ${mb} MB.`,
};
