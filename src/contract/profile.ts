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
  legacyPreference: legacyPreferenceSchema.nullable(),
  userIntents: z.array(intentSchema),
  primaryIntent: intentSchema.nullable(),
  onboardingComplete: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });
