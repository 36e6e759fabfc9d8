import { z } from "zod";
import { FEATURE_NAMES } from "./features";
import fitted from "./weights.json" with { type: "json" };

/**
 * The fitted decision (docs/formulas.md, "Twin decision"), written by `npm run fit:twin` (scripts/twin-eval/fit-decision.ts):
 * a model of "this candidate answers the question" (logistic regression over standardised features, or boosted
 * stumps), and the thresholds on its probability that decide whether to answer at all and whether a second memory is
 * cited too.
 */
const logisticSchema = z.object({ kind: z.literal("logistic"), mean: z.array(z.number()), scale: z.array(z.number()), weights: z.array(z.number()), bias: z.number() });
const stumpsSchema = z.object({
  kind: z.literal("stumps"),
  base: z.number(),
  stumps: z.array(z.object({ feature: z.number().int().min(0), at: z.number(), low: z.number(), high: z.number() })),
});
export const scoringModelSchema = z.discriminatedUnion("kind", [logisticSchema, stumpsSchema]);
export type ScoringModel = z.infer<typeof scoringModelSchema>;

export const decisionWeightsSchema = z.object({
  format: z.literal("mindprint-twin-decision/1"),
  encoder: z.string(),
  features: z.array(z.string()),
  model: scoringModelSchema,
  /** The best candidate is cited when its probability reaches this; below it, the twin declines. */
  answerAt: z.number(),
  /** A second candidate is cited too when the question spans several memories and it reaches this. */
  severalAt: z.number(),
  /** …or, for any question, when it reaches this (both confidently supported). */
  bothAt: z.number(),
  fittedOn: z.string(),
});
export type DecisionWeights = z.infer<typeof decisionWeightsSchema>;

export function readWeights(data: unknown): DecisionWeights {
  const weights = decisionWeightsSchema.parse(data);
  const expected = FEATURE_NAMES.join(",");
  // A feature list changed without fitting again would silently score nonsense.
  if (weights.features.join(",") !== expected) throw new Error(`the twin's decision weights were fitted on other features (${weights.features.join(",")}); run npm run fit:twin`);
  const n = FEATURE_NAMES.length;
  const { model } = weights;
  if (model.kind === "logistic" && (model.weights.length !== n || model.mean.length !== n || model.scale.length !== n)) throw new Error("the twin's decision weights do not have one weight per feature");
  if (model.kind === "stumps" && model.stumps.some((s) => s.feature >= n)) throw new Error("the twin's decision stumps split a feature that does not exist");
  return weights;
}

let loaded: DecisionWeights | null = null;
/** The weights shipped with the product (decision/weights.json). */
export const shippedWeights = () => (loaded ??= readWeights(fitted));

/** The model's probability that a candidate answers the question: logistic over standardised features, or boosted stumps. */
export function probability(model: ScoringModel, features: readonly number[]): number {
  let z: number;
  if (model.kind === "logistic") {
    z = model.bias;
    for (let i = 0; i < features.length; i++) z += model.weights[i]! * ((features[i]! - model.mean[i]!) / model.scale[i]!);
  } else {
    z = model.base;
    for (const s of model.stumps) z += features[s.feature]! <= s.at ? s.low : s.high;
  }
  return 1 / (1 + Math.exp(-z));
}

const MAX_CITED = 3;

/**
 * Whether a question asks about several moments ("every time", "both", "and", a plural of events, a sequence): only
 * then may more than one memory be cited on the several-threshold.
 */
export const spansSeveral = (question: string) =>
  /\b(every time|each time|all the times?|both|times when|ever since|over the years|first\b.*\bthen|and then|before and after)\b/i.test(question) ||
  /\b(trips|holidays|jobs|houses|homes|children|kids|pets|dogs|cats|friends|places|moves|weddings)\b/i.test(question) ||
  /\bwhat (?:happened|did you do) (?:\w+ ){0,3}and\b/i.test(question);

export type Thresholds = Pick<DecisionWeights, "answerAt" | "severalAt" | "bothAt">;

/**
 * What to cite from candidates ranked by probability, best first: nothing when the best is below `answerAt`; else the
 * best, and the next ones only while they reach `bothAt`, or `severalAt` when the question spans several (three at
 * most then, two otherwise). The fitting script calls this same function.
 */
export function choose<P extends { p: number }>(question: string | boolean, ranked: readonly P[], thresholds: Thresholds): P[] {
  const best = ranked[0];
  // Written as "not at least", so a probability that is not a number (a broken feature) declines.
  if (!best || !(best.p >= thresholds.answerAt)) return [];
  const several = typeof question === "boolean" ? question : spansSeveral(question);
  const cited = [best];
  for (const next of ranked.slice(1)) {
    if (cited.length >= (several ? MAX_CITED : 2)) break;
    if ((several && next.p >= thresholds.severalAt) || next.p >= thresholds.bothAt) cited.push(next);
    else break;
  }
  return cited;
}

export interface Decision<P> {
  /** The pool, best first, with each candidate's probability. */
  ranked: Array<P & { p: number }>;
  cited: Array<P & { p: number }>;
  confident: boolean;
}

/** Ranks the pool by the model, then answers with one memory (two or three when the question spans several), or declines. */
export function decide<P extends { features: readonly number[]; answersTimeOnly?: boolean }>(question: string, pool: readonly P[], weights: DecisionWeights = shippedWeights()): Decision<P> {
  const ranked = pool.map((entry) => ({ ...entry, p: probability(weights.model, entry.features) })).sort((a, b) => b.p - a.p);
  // "What happened in 1998?" asks for nothing but a time: what happened then is the answer, whatever its words (our
  // development questions never ask that way, so no fitted weight can know it).
  const timeOnly = ranked.filter((r) => r.answersTimeOnly);
  const cited = timeOnly.length > 0 ? timeOnly.slice(0, MAX_CITED) : choose(question, ranked, weights);
  return { ranked, cited, confident: cited.length > 0 };
}
