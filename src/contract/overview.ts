import { z } from "zod";
import { emotionValues } from "./memory-options";

/** The four domains of the Consciousness Mapping Progress card (formulas: docs/formulas.md). */
export const mappingDomainValues = ["business", "family", "philosophical", "creative"] as const;
export type MappingDomain = (typeof mappingDomainValues)[number];
export const mappingDomainLabels: Record<MappingDomain, string> = {
  business: "Business & Career",
  family: "Family & Relationships",
  philosophical: "Philosophy & Values",
  creative: "Creativity & Exploration",
};
export const mappingStatusValues = ["No data yet", "In Progress", "Completed"] as const;

const completenessPartSchema = z.object({
  key: z.enum(["memories", "calibration", "reflection", "voice", "mapping", "personality"]),
  label: z.string(),
  earned: z.number(),
  max: z.number(),
  /** What the person has and what fills the part, e.g. "12 of 50 memories". */
  detail: z.string(),
});

export const completenessSchema = z.object({
  /** 0–100, the rounded sum of the parts. */
  percent: z.number().int(),
  parts: z.array(completenessPartSchema),
});
export type Completeness = z.infer<typeof completenessSchema>;

export const mappingProgressSchema = z.object({
  domain: z.enum(mappingDomainValues),
  label: z.string(),
  traits: z.number().int(),
  /** 10 per trait, capped at 100. */
  progress: z.number().int(),
  status: z.enum(mappingStatusValues),
});
export type MappingProgress = z.infer<typeof mappingProgressSchema>;

/** GET /api/overview: every figure of Consciousness Home, computed from the person's own rows. */
export const overviewResponseSchema = z.object({
  completeness: completenessSchema,
  voice: z.object({
    sessions: z.number().int(),
    seconds: z.number(),
    /** seconds / 3600, one decimal. */
    hours: z.number(),
    /** Whether a cloned voice is ready to speak. */
    cloneReady: z.boolean(),
  }),
  memories: z.object({
    total: z.number().int(),
    availableToTwin: z.number().int(),
    /** The 3 newest, content cut to 50 characters. */
    recent: z.array(z.object({ id: z.string(), excerpt: z.string(), emotion: z.enum(emotionValues), createdAt: z.string() })),
    topEmotion: z.enum(emotionValues).nullable(),
  }),
  calibrationAnswers: z.number().int(),
  conversations: z.number().int(),
  /** Active only when an imported device reading is from the last 24 hours; `lastReadingAt` is the newest reading's moment. */
  biometricSync: z.object({ active: z.boolean(), lastReadingAt: z.string().nullable() }),
  /** The newest imported heart rate when it is from the last 24 hours (the side panel), else null. */
  heartRate: z.object({ bpm: z.number(), at: z.string() }).nullable(),
  mapping: z.array(mappingProgressSchema),
  reflection: z
    .object({ summary: z.string(), traitsUsed: z.array(z.string()), updatedAt: z.string() })
    .nullable(),
});
export type Overview = z.infer<typeof overviewResponseSchema>;
