import { readAnswerStyle, type AnswerStyle } from "./answer-style";
import type { Intent, LegacyPreference, ReflectionInput } from "./reflection-input";

const MAX_TRAITS = 6;
// Leaves room for at least two labels from the person's own choices (legacy, intents).
const MAX_FROM_ANSWERS = 4;

const intentTraits: Record<Intent, string> = {
  preserve_memory: "legacy-minded",
  reflect_identity: "introspective",
  build_twin: "forward-looking",
  exploring: "curious",
};

const legacyTraits: Record<LegacyPreference, string> = {
  private: "private",
  family: "family-oriented",
  public: "open",
};

/** Trait labels in order of evidence: the person's own words first, then their choices; at most six, no repeats. */
export function deriveTraits(intents: readonly Intent[], legacy: LegacyPreference | null, style: AnswerStyle): string[] {
  const fromAnswers: Array<[boolean, string]> = [
    [style.length === "brief", "direct"],
    [style.length === "expansive", "thoughtful"],
    [style.usesHumour, "humorous"],
    [style.mentionsFamily, "family-oriented"],
    [style.weighsSides, "cautious"],
    [style.soundsCertain, "decisive"],
    [style.asksBack, "inquisitive"],
    [style.namesFeelings, "emotionally open"],
    [style.goesToAction, "practical"],
    [style.appealsToPrinciple, "principled"],
    [style.thinksInWe, "collaborative"],
  ];
  const labels = [
    ...fromAnswers.filter(([present]) => present).map(([, label]) => label).slice(0, MAX_FROM_ANSWERS),
    ...(legacy ? [legacyTraits[legacy]] : []),
    ...intents.map((i) => intentTraits[i]),
  ];
  return [...new Set(labels)].slice(0, MAX_TRAITS);
}

/** Traits straight from a reflection input; used when a model's reply carries no "Traits:" line of its own. */
export function traitsForInput(input: ReflectionInput): string[] {
  const answers = input.calibration.filter((c) => c.response.trim().length > 0);
  return deriveTraits(input.intents, input.legacyPreference, readAnswerStyle(answers));
}
