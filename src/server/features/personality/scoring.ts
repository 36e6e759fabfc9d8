import { cumulativeStdNormalProbability } from "simple-statistics";
import { bigFiveDomains, TRAIT_LEVEL_BOUNDS, type AgeBand, type BigFiveDomain, type NormSex, type TraitLevel } from "../../../contract";
import { PERSONALITY_ITEMS, type PersonalityItem } from "./items";
import { IPIP_NEO_120_NORMS, type NormGroup } from "./norms-data";

/** A raw score read against its norm: the percentile of people in the group scoring lower, and what it means. */
export interface NormedScore {
  raw: number;
  percentile: number;
  level: TraitLevel;
}

export interface BigFiveScores {
  domains: Record<BigFiveDomain, NormedScore>;
  /** facets[domain][facet − 1] */
  facets: Record<BigFiveDomain, NormedScore[]>;
}

/** The norm group a person is compared with, and its name in words. */
export interface NormChoice {
  sex: NormSex | null;
  ageBand: AgeBand | null;
}

/** The age band of someone born on `birthday` (YYYY-MM-DD) on the day `at`, or null without a birthday. */
export function ageBandOn(birthday: string | null, at: Date): AgeBand | null {
  if (!birthday) return null;
  const [y, m, d] = birthday.split("-").map(Number) as [number, number, number];
  let age = at.getUTCFullYear() - y;
  if (at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d)) age--;
  return age < 21 ? "under-21" : age <= 40 ? "21-40" : age <= 60 ? "41-60" : "over-60";
}

const average = (groups: NormGroup[]): NormGroup => {
  const mean = (pick: (g: NormGroup) => number) => Math.round((groups.reduce((s, g) => s + pick(g), 0) / groups.length) * 100) / 100;
  return {
    domainMeans: bigFiveDomains.map((_, d) => mean((g) => g.domainMeans[d]!)),
    domainSds: bigFiveDomains.map((_, d) => mean((g) => g.domainSds[d]!)),
    facetMeans: bigFiveDomains.map((_, d) => [0, 1, 2, 3, 4, 5].map((f) => mean((g) => g.facetMeans[d]![f]!))),
    facetSds: bigFiveDomains.map((_, d) => [0, 1, 2, 3, 4, 5].map((f) => mean((g) => g.facetSds[d]![f]!))),
  };
};

/**
 * The published group for a sex and an age band; a person who gave no sex is compared with the average of the men's
 * and the women's norms of their band, one without an age with the average over the four bands (docs/formulas.md).
 */
export function normGroup({ sex, ageBand }: NormChoice): NormGroup {
  const sexes: NormSex[] = sex ? [sex] : ["female", "male"];
  const bands: AgeBand[] = ageBand ? [ageBand] : ["under-21", "21-40", "41-60", "over-60"];
  const groups = sexes.flatMap((s) => bands.map((b) => IPIP_NEO_120_NORMS[`${s}:${b}`]));
  return groups.length === 1 ? groups[0]! : average(groups);
}

/** What a percentile means in words: below 30 low, above 70 high, average between. */
export const levelOf = (percentile: number): TraitLevel =>
  percentile < TRAIT_LEVEL_BOUNDS.lowBelow ? "low" : percentile > TRAIT_LEVEL_BOUNDS.highAbove ? "high" : "average";

/** The share of the norm group scoring below `raw`, assuming scores spread normally: Φ((raw − mean) / sd), 1–99. */
export function percentileOf(raw: number, mean: number, sd: number): number {
  const p = Math.round(100 * cumulativeStdNormalProbability((raw - mean) / sd));
  return Math.min(99, Math.max(1, p));
}

const normed = (raw: number, mean: number, sd: number): NormedScore => {
  const percentile = percentileOf(raw, mean, sd);
  return { raw, percentile, level: levelOf(percentile) };
};

/** An answer as scored: 1–5, reversed (6 − answer) for a reverse-keyed item. */
const scoredAnswer = (item: Pick<PersonalityItem, "reverse">, answer: number) => (item.reverse ? 6 - answer : answer);

/**
 * Scores a complete set of 120 answers (answers[i] is item i + 1's, 1–5): each facet is the sum of its four scored
 * answers (4–20), each domain the sum of its six facets (24–120), each read against the norm group. Throws on a
 * missing or out-of-range answer: a profile is never computed from part of the questionnaire.
 */
export function scoreBigFive(answers: readonly (number | null)[], norms: NormGroup): BigFiveScores {
  if (answers.length !== PERSONALITY_ITEMS.length) throw new Error(`expected ${PERSONALITY_ITEMS.length} answers, got ${answers.length}`);
  const facetRaw = Object.fromEntries(bigFiveDomains.map((d) => [d, [0, 0, 0, 0, 0, 0]])) as Record<BigFiveDomain, number[]>;
  for (const item of PERSONALITY_ITEMS) {
    const answer = answers[item.number - 1];
    if (answer === null || answer === undefined || !Number.isInteger(answer) || answer < 1 || answer > 5) throw new Error(`item ${item.number} has no valid answer`);
    facetRaw[item.domain][item.facet - 1]! += scoredAnswer(item, answer);
  }
  const domains = {} as BigFiveScores["domains"];
  const facets = {} as BigFiveScores["facets"];
  bigFiveDomains.forEach((domain, d) => {
    const raw = facetRaw[domain].reduce((s, n) => s + n, 0);
    domains[domain] = normed(raw, norms.domainMeans[d]!, norms.domainSds[d]!);
    facets[domain] = facetRaw[domain].map((r, f) => normed(r, norms.facetMeans[d]![f]!, norms.facetSds[d]![f]!));
  });
  return { domains, facets };
}
