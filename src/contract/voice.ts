import { z } from "zod";
import { sessionQualityLabels } from "./voice-options";

export * from "./voice-options";

export const voiceSessionSchema = z.object({
  id: z.string(),
  filename: z.string(),
  durationSeconds: z.number(),
  fileSize: z.number().int(),
  createdAt: z.string(),
  voiceProfileId: z.string().nullable(),
  /** Measured from the recording itself; null for sessions stored before measuring existed. */
  quality: z.object({ label: z.enum(sessionQualityLabels), reason: z.string(), levelDbfs: z.number(), noiseFloorDbfs: z.number(), clippedRatio: z.number() }).nullable(),
});
export type VoiceSession = z.infer<typeof voiceSessionSchema>;

export const voiceSessionResponseSchema = z.object({ session: voiceSessionSchema });

/** The Voice section's stats strip and list: hours with one decimal, megabytes with one decimal. */
export const voiceSessionsResponseSchema = z.object({
  sessions: z.array(voiceSessionSchema),
  totals: z.object({ sessions: z.number().int(), seconds: z.number(), hours: z.number(), megabytes: z.number(), quotaMegabytes: z.number() }),
});
export type VoiceSessions = z.infer<typeof voiceSessionsResponseSchema>;
