import { z } from "zod";
import { intentValues, legacyPreferenceValues, type Intent, type LegacyPreference } from "../../../contract/profile";

export type { Intent, LegacyPreference };

/** What the onboarding reflection is written from: the profile fields and the person's own calibration answers. */
export interface ReflectionInput {
  firstName: string | null;
  /** YYYY-MM-DD */
  birthday: string | null;
  legacyPreference: LegacyPreference | null;
  intents: Intent[];
  calibration: Array<{ statement: string; response: string }>;
}

// The wording the person saw when they chose; repeating it back keeps the reflection faithful to their choice.
export const intentLabels: Record<Intent, string> = {
  preserve_memory: "Preserve my memory for loved ones",
  reflect_identity: "Reflect on who I am",
  build_twin: "Build my AI twin",
  exploring: "Just exploring",
};

export const legacyLabels: Record<LegacyPreference, { label: string; meaning: string }> = {
  private: { label: "Keep private", meaning: "Only accessible to you" },
  family: { label: "Share with family after I'm gone", meaning: "Release to designated contacts" },
  public: { label: "Make public in the future", meaning: "Contribute to digital consciousness research" },
};

/**
 * The JSON carried inside `<context type="reflection">`. A real LLM reads it as data; the local model
 * validates it with this schema, so both see exactly the same facts.
 */
export const reflectionContextSchema = z.object({
  today: z.string().optional(),
  firstName: z.string().nullable(),
  birthday: z.string().nullable(),
  age: z.number().int().nullable(),
  legacyPreference: z.object({ value: z.enum(legacyPreferenceValues), label: z.string(), meaning: z.string() }).nullable(),
  intents: z.array(z.object({ value: z.enum(intentValues), label: z.string() })),
  calibration: z.array(z.object({ statement: z.string(), response: z.string() })),
});
export type ReflectionContext = z.infer<typeof reflectionContextSchema>;
