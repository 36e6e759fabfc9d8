import { z } from "zod";

export const intentValues = ["preserve_memory", "reflect_identity", "build_twin", "exploring"] as const;
export const intentSchema = z.enum(intentValues);
export const legacyPreferenceValues = ["private", "family", "public"] as const;
export const legacyPreferenceSchema = z.enum(legacyPreferenceValues);
export type Intent = (typeof intentValues)[number];
export type LegacyPreference = (typeof legacyPreferenceValues)[number];

export const profileSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  birthday: z.string().nullable(),
  /** Where they live (ISO 3166-1 alpha-2), optional: their country's crisis lines come first (issue 59). */
  country: z.string().nullable(),
  legacyPreference: legacyPreferenceSchema.nullable(),
  userIntents: z.array(intentSchema),
  primaryIntent: intentSchema.nullable(),
  onboardingComplete: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * Where a signed-in person starts: `dashboard` once onboarding is done; `legacy` ("People who named you") for someone
 * who is only another person's accepted legacy contact and has not begun a twin of their own (onboarding is offered
 * there, never forced); `onboarding` otherwise.
 */
export const landingValues = ["dashboard", "onboarding", "legacy"] as const;
export type Landing = (typeof landingValues)[number];

export const profileResponseSchema = z.object({
  profile: profileSchema,
  landing: z.enum(landingValues),
  /** How many calibration scenarios (onboarding step 3) the person has answered: one is enough to go on. */
  calibrationAnswers: z.number().int().min(0),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
