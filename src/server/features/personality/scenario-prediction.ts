import { bigFiveDomains, type BigFiveDomain, type ScenarioBasis } from "../../../contract";
import type { DecisionScenario } from "./scenario-types";

/** Everything the twin may know when it predicts a scenario: never the person's answer to that scenario. */
export interface PredictionMaterial {
  /** The latest measured percentile of each domain (empty without a completed questionnaire). */
  percentiles: Partial<Record<BigFiveDomain, number>>;
  /** The person's first answers to other scenarios. */
  choices: { scenario: DecisionScenario; choice: number }[];
  /**
   * Per option, how close in meaning it is to the person's closest memories and calibration answers (the mean of
   * the three best cosine similarities), and which of the two they came from; null when nothing they recorded is
   * near the decision.
   */
  evidence: { similarity: number[]; from: Array<"memories" | "calibration"> } | null;
}

export interface Prediction {
  /** The option predicted, 1-based; null when the twin had nothing to go on. */
  predicted: number | null;
  /** Each option's score, in option order (docs/formulas.md, "Decision scenarios"). */
  scores: number[];
  basis: ScenarioBasis[];
}

// Weights of the three sources; the meaning term works on differences of cosine similarity, which are small.
const PROFILE_WEIGHT = 1;
const CHOICES_WEIGHT = 1;
const MEANING_WEIGHT = 8;
// A tendency read from n other scenarios counts n ÷ (n + 3) of itself: one choice says little.
const CHOICES_SHRINK = 3;

const lean = (option: DecisionScenario["options"][number], d: BigFiveDomain) => option.leans[d] ?? 0;

/** z-like position of a percentile: −1 at the 0th, 0 at the 50th, +1 at the 100th. */
const profilePosition = (percentile: number) => (percentile - 50) / 50;

/**
 * How the person leans on each domain, read from their choices in other scenarios: in each scenario whose options
 * differ on the domain, how far the chosen option's leaning is from the options' mean, over half the options' range;
 * summed over scenarios and shrunk toward 0 while there are few.
 */
export function choiceTendencies(choices: PredictionMaterial["choices"]): Partial<Record<BigFiveDomain, number>> {
  const tendencies: Partial<Record<BigFiveDomain, number>> = {};
  for (const d of bigFiveDomains) {
    let deviation = 0;
    let span = 0;
    let n = 0;
    for (const { scenario, choice } of choices) {
      const values: number[] = scenario.options.map((o) => lean(o, d));
      const max = Math.max(...values);
      const min = Math.min(...values);
      const chosen = values[choice - 1];
      if (max === min || chosen === undefined) continue;
      deviation += chosen - values.reduce((a, b) => a + b, 0) / values.length;
      span += (max - min) / 2;
      n++;
    }
    if (n > 0) tendencies[d] = Math.max(-1, Math.min(1, deviation / span)) * (n / (n + CHOICES_SHRINK));
  }
  return tendencies;
}

/**
 * The twin's guess at the option the person picks: each option scores its leanings against the measured profile and
 * against the tendencies of the person's other choices, plus how much closer in meaning it is than the others to what
 * they recorded. The highest score wins (the first option on a tie). Refuses material that contains the scenario.
 */
export function predictChoice(scenario: DecisionScenario, material: PredictionMaterial): Prediction {
  if (material.choices.some((c) => c.scenario.id === scenario.id)) throw new Error("A prediction may not see the answer it predicts.");
  const tendencies = choiceTendencies(material.choices);
  const basis = new Set<ScenarioBasis>();
  const speaks = (d: BigFiveDomain) => new Set(scenario.options.map((o) => lean(o, d))).size > 1;
  const meanSimilarity = material.evidence ? material.evidence.similarity.reduce((a, b) => a + b, 0) / material.evidence.similarity.length : 0;
  const scores = scenario.options.map((option, k) => {
    let score = 0;
    for (const d of bigFiveDomains) {
      if (!speaks(d)) continue;
      const percentile = material.percentiles[d];
      if (percentile !== undefined) {
        score += PROFILE_WEIGHT * lean(option, d) * profilePosition(percentile);
        basis.add("profile");
      }
      const tendency = tendencies[d];
      if (tendency !== undefined && tendency !== 0) {
        score += CHOICES_WEIGHT * lean(option, d) * tendency;
        basis.add("choices");
      }
    }
    if (material.evidence) score += MEANING_WEIGHT * (material.evidence.similarity[k]! - meanSimilarity);
    return score;
  });
  if (material.evidence && new Set(material.evidence.similarity).size > 1) for (const from of material.evidence.from) basis.add(from);
  if (basis.size === 0) return { predicted: null, scores, basis: [] };
  const best = scores.reduce((at, s, i) => (s > scores[at]! + 1e-9 ? i : at), 0);
  return { predicted: best + 1, scores, basis: [...basis].sort((a, b) => BASIS_ORDER.indexOf(a) - BASIS_ORDER.indexOf(b)) };
}

const BASIS_ORDER: ScenarioBasis[] = ["profile", "choices", "memories", "calibration"];
