import { z } from "zod";
import {
  ageBandValues,
  bigFiveDomains,
  normSexValues,
  PERSONALITY_ITEM_COUNT,
  personalityMessages,
  traitLevelValues,
} from "./personality-options";

export * from "./personality-options";

const answerValue = z.number({ error: personalityMessages.valueInvalid }).int(personalityMessages.valueInvalid).min(1, personalityMessages.valueInvalid).max(5, personalityMessages.valueInvalid);

/** GET /api/personality/items: the 120 statements in order, numbered 1–120. */
export const personalityItemsResponseSchema = z.object({
  items: z.array(z.object({ number: z.number().int(), text: z.string() })),
});

/** PUT /api/personality/attempts/:id/answers: answers as they are given, one or more at a time. */
export const savePersonalityAnswersSchema = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        item: z.number({ error: personalityMessages.itemInvalid }).int(personalityMessages.itemInvalid).min(1, personalityMessages.itemInvalid).max(PERSONALITY_ITEM_COUNT, personalityMessages.itemInvalid),
        value: answerValue,
      }),
    )
    .min(1, personalityMessages.itemInvalid)
    .max(PERSONALITY_ITEM_COUNT, personalityMessages.itemInvalid),
});

/** POST /api/personality/attempts/:id/complete: who to be compared with (both optional; the profile says which group). */
export const completePersonalitySchema = z.strictObject({
  sex: z.enum(normSexValues, { error: personalityMessages.sexInvalid }).nullable().default(null),
  /** Used only when the profile has no birthday. */
  ageBand: z.enum(ageBandValues, { error: personalityMessages.ageBandInvalid }).nullable().default(null),
});

const normedScoreSchema = z.object({
  raw: z.number().int(),
  /** Share of the norm group scoring lower, 1–99. */
  percentile: z.number().int(),
  level: z.enum(traitLevelValues),
});

export const personalityProfileSchema = z.object({
  attemptId: z.string(),
  completedAt: z.string(),
  /** The group the scores are compared with, in words (e.g. "women aged 21 to 40"). */
  normGroup: z.string(),
  domains: z.array(
    normedScoreSchema.extend({
      domain: z.enum(bigFiveDomains),
      label: z.string(),
      /** What this level of the domain means, in plain words. */
      insight: z.string(),
      /** Percentile points since the previous completed questionnaire; null for the first. */
      change: z.number().int().nullable(),
      facets: z.array(normedScoreSchema.extend({ facet: z.number().int(), label: z.string() })),
    }),
  ),
});
export type PersonalityProfile = z.infer<typeof personalityProfileSchema>;

export const personalityAttemptSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  /** answers[i] is statement i + 1's answer, 1–5, or null while unanswered. */
  answers: z.array(z.number().int().nullable()),
  answered: z.number().int(),
});
export type PersonalityAttempt = z.infer<typeof personalityAttemptSchema>;

/** GET /api/personality: the questionnaire in progress, the latest profile, and every completed attempt. */
export const personalityStateSchema = z.object({
  inProgress: personalityAttemptSchema.nullable(),
  latest: personalityProfileSchema.nullable(),
  history: z.array(z.object({ attemptId: z.string(), completedAt: z.string(), normGroup: z.string() })),
  /** Whether the profile has a birthday (then no age band is asked). */
  knowsAge: z.boolean(),
});
export type PersonalityState = z.infer<typeof personalityStateSchema>;
export const personalityAttemptResponseSchema = z.object({ attempt: personalityAttemptSchema });
export const savePersonalityAnswersResponseSchema = z.object({ answered: z.number().int() });
