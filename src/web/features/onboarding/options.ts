import type { Intent, LegacyPreference } from "../../../contract";

export const intentOptions: { value: Intent; label: string; description: string }[] = [
  { value: "preserve_memory", label: "Preserve my memory for loved ones", description: "Leave your stories, voice and values for the people who come after you." },
  { value: "reflect_identity", label: "Reflect on who I am", description: "See your own patterns, values and ways of answering more clearly." },
  { value: "build_twin", label: "Build my AI twin", description: "Create a twin that answers from your own memories and words." },
  { value: "exploring", label: "Just exploring", description: "Look around first and decide later what Mindprint is for you." },
];

export const legacyOptions: { value: LegacyPreference; label: string; description: string }[] = [
  { value: "private", label: "Keep private", description: "Only accessible to you" },
  { value: "family", label: "Share with family after I'm gone", description: "Release to designated contacts" },
  { value: "public", label: "Make public in the future", description: "Contribute to digital consciousness research" },
];

/** The helper sentence under a step's heading, chosen by the person's primary intent. */
export function helperTextFor(primaryIntent: Intent | null): string {
  if (primaryIntent === "preserve_memory") return "We'll focus on the stories, values and voice your loved ones will want to keep.";
  if (primaryIntent === "build_twin") return "Every answer teaches your twin how you think, so it can answer the way you would.";
  return "Take your time: every answer helps Mindprint understand you a little better.";
}
