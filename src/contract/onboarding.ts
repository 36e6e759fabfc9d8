import { z } from "zod";
import { controlCharacterMessages, isSingleLine } from "./plain-text";
import { intentValues, legacyPreferenceValues } from "./profile";

export const MAX_INTENTS = 3;
export const onboardingMessages = {
  selectionRequiredTitle: "Selection required",
  selectionRequired: "Please select at least one reason to continue.",
  maximumReachedTitle: "Maximum selections reached",
  maximumReached: "You can select up to 3 reasons. Please deselect one first.",
  firstNameRequired: "First name is required",
  legacyRequired: "Please select a legacy preference",
  birthdayInvalid: "Enter a real date of birth (not in the future).",
  countryInvalid: "Choose a country from the list, or leave it empty.",
  statementRequired: "Please enter a hypothetical statement or scenario.",
  responseRequired: "Please enter how you would respond.",
  reflectionFailed: "Failed to generate your personality summary. You can continue and try again later.",
  reflectionEmpty: "Unable to generate summary at this time.",
  profileIncomplete: "Please tell us your first name and legacy preference first.",
} as const;

const knownIntents = new Set<string>(intentValues);

/** Unknown values are dropped (as the spec asks) before the 1-to-3 rule applies; duplicates count once. */
export const saveIntentsSchema = z.strictObject({
  intents: z
    .array(z.string().max(64))
    .max(20)
    .transform((list) => [...new Set(list.filter((v) => knownIntents.has(v)))] as (typeof intentValues)[number][])
    .refine((list) => list.length >= 1, onboardingMessages.selectionRequired)
    .refine((list) => list.length <= MAX_INTENTS, onboardingMessages.maximumReached),
});

const isRealPastDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date <= new Date() && date.getUTCFullYear() >= 1900;
};

export const saveIdentitySchema = z.strictObject({
  firstName: z.string({ error: onboardingMessages.firstNameRequired }).trim().min(1, onboardingMessages.firstNameRequired).max(100, "A first name has at most 100 characters.").refine(isSingleLine, controlCharacterMessages.singleLine),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, onboardingMessages.birthdayInvalid)
    .refine(isRealPastDate, onboardingMessages.birthdayInvalid)
    .nullable()
    // Left out: the birthday stays as it is (the date of birth given at sign-up); null clears it.
    .optional(),
  legacyPreference: z.enum(legacyPreferenceValues, { error: onboardingMessages.legacyRequired }),
  // Left out: the country stays as it is; null clears it. The server also checks the code is a country's (countries.ts).
  country: z.string().regex(/^[A-Z]{2}$/, onboardingMessages.countryInvalid).nullable().optional(),
});

export const CALIBRATION_STATEMENT_MAX = 1000;
export const CALIBRATION_RESPONSE_MAX = 4000;

export const submitCalibrationSchema = z.strictObject({
  statement: z.string({ error: onboardingMessages.statementRequired }).trim().min(1, onboardingMessages.statementRequired).max(CALIBRATION_STATEMENT_MAX, `A scenario has at most ${CALIBRATION_STATEMENT_MAX} characters.`),
  response: z.string({ error: onboardingMessages.responseRequired }).trim().min(1, onboardingMessages.responseRequired).max(CALIBRATION_RESPONSE_MAX, `A response has at most ${CALIBRATION_RESPONSE_MAX} characters.`),
});

export const calibrationResponseSchema = z.object({ id: z.string(), statement: z.string(), response: z.string(), createdAt: z.string() });

export const reflectionSchema = z.object({
  summary: z.string(),
  traitsUsed: z.array(z.string()),
  modelName: z.string(),
  updatedAt: z.string(),
});
export const reflectionResponseSchema = z.object({ reflection: reflectionSchema });
export type Reflection = z.infer<typeof reflectionSchema>;

