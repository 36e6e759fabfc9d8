import { z } from "zod";
import fitted from "./crisis-weights.json" with { type: "json" };
import type { RuleReading } from "./crisis-detector";
import { ABOUT_SCOPE, FIRST_PERSON, MEDIA_SCOPE, NEGATION, NOT_OWN_ENDING, OTHER_PERSON, OWN_ENDING, PAST_SCOPE, RECOVERED_SCOPE, SAFE_SCOPE, WISH_OR_INTENT } from "./crisis-patterns";
import { normaliseMessage } from "./crisis-text";

/**
 * The learned crisis check (issue 42, docs/formulas.md "Crisis check"), written by `npm run fit:crisis`
 * (scripts/crisis-eval/fit-crisis.ts): logistic regression over a message's sentence embedding and what the phrase rules
 * made of it, with two thresholds on its probability: the support message takes over from `supportAt`; from
 * `checkInAt` the twin's answer comes after a short line from Mindprint with the crisis services.
 */
export const RULE_FEATURES = [
  "ruleHit",
  "ruleCancelled",
  "ruleOrdinary",
  "ownEnding",
  "wishOrIntent",
  "firstPerson",
  "notOwnEnding",
  "pastOrRecovered",
  "storyOrAbout",
  "safe",
  "otherPerson",
  "question",
  "laughter",
  "now",
  "negation",
] as const;

export const crisisModelSchema = z.object({
  format: z.literal("mindprint-crisis-model/1"),
  encoder: z.string(),
  dimensions: z.number().int().positive(),
  rules: z.array(z.string()),
  mean: z.array(z.number()),
  scale: z.array(z.number()),
  weights: z.array(z.number()),
  bias: z.number(),
  supportAt: z.number(),
  checkInAt: z.number(),
  /** Whether a message is also read sentence by sentence (the most worrying sentence counts). */
  bySentence: z.boolean(),
  fittedOn: z.string(),
});
export type CrisisModel = z.infer<typeof crisisModelSchema>;

export function readCrisisModel(data: unknown): CrisisModel {
  const model = crisisModelSchema.parse(data);
  const n = model.dimensions + RULE_FEATURES.length;
  // A model fitted on other features would silently score nonsense.
  if (model.rules.join(",") !== RULE_FEATURES.join(",")) throw new Error("the crisis model was fitted on other rule features; run npm run fit:crisis");
  if (model.weights.length !== n || model.mean.length !== n || model.scale.length !== n) throw new Error("the crisis model does not have one weight per feature");
  return model;
}

let loaded: CrisisModel | null = null;
/** The model shipped with the product (crisis-weights.json). */
export const shippedCrisisModel = () => (loaded ??= readCrisisModel(fitted));

const LAUGHTER = /\b(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*|jk|jkjk)\b|\u{1F602}|\u{1F923}|\u{1F480}/u;
const NOW = /\b(?:tonight|today|now|tomorrow|this week|this weekend|soon|right now|before (?:the )?(?:morning|sunrise|friday|monday|christmas))\b/;
const QUESTION = /\?\s*$|^(?:how|what|why|is|are|can|could|would|does|do|did|should|which)\b/;
const on = (pattern: RegExp, text: string) => (pattern.test(text) ? 1 : 0);

/**
 * What the phrase rules made of a text, as the model's features: a rule matched, a match was denied, ordinary words;
 * and the scopes the rules read (the writer's own ending, a wish or an intent, the first person, a past they came
 * through, a story or a question about the words, someone else, laughter, a time that is now, a negation). The
 * encoder knows what a message is about; these say whose it is and when.
 */
export function ruleFeatures(reading: RuleReading, text: string): number[] {
  const t = normaliseMessage(text);
  return [
    reading.kind === "hit" ? 1 : 0,
    reading.kind === "cancelled" ? 1 : 0,
    reading.kind === "ordinary" ? 1 : 0,
    on(OWN_ENDING, t),
    on(WISH_OR_INTENT, t),
    on(FIRST_PERSON, t),
    on(NOT_OWN_ENDING, t),
    on(PAST_SCOPE, t) || on(RECOVERED_SCOPE, t),
    on(MEDIA_SCOPE, t) || on(ABOUT_SCOPE, t),
    on(SAFE_SCOPE, t),
    on(OTHER_PERSON, t),
    on(QUESTION, t),
    on(LAUGHTER, t),
    on(NOW, t),
    on(NEGATION, t),
  ];
}

/** The model's probability that a text (its embedding and its rule features) is a person in crisis. */
export function crisisProbability(model: CrisisModel, vector: Float32Array, rules: readonly number[]): number {
  let z = model.bias;
  const d = model.dimensions;
  for (let i = 0; i < d; i++) z += model.weights[i]! * ((vector[i]! - model.mean[i]!) / model.scale[i]!);
  for (let j = 0; j < rules.length; j++) z += model.weights[d + j]! * ((rules[j]! - model.mean[d + j]!) / model.scale[d + j]!);
  return 1 / (1 + Math.exp(-z));
}

export type CrisisTier = "support" | "check-in";

/** The help a probability calls for: the support message, a check-in before the answer, or none. */
export const tierOf = (model: Pick<CrisisModel, "supportAt" | "checkInAt">, p: number): CrisisTier | null => (p >= model.supportAt ? "support" : p >= model.checkInAt ? "check-in" : null);
