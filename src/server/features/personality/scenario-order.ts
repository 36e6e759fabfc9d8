import { mappingDomainValues } from "../../../contract";
import { DECISION_SCENARIOS } from "./scenario-bank";
import type { DecisionScenario } from "./scenario-types";

export const scenarioById: ReadonlyMap<string, DecisionScenario> = new Map(DECISION_SCENARIOS.map((s) => [s.id, s]));

/**
 * The order new scenarios are offered in: one from each mapping domain in turn (business, family, philosophical,
 * creative), so the first ten already span all four and the twin is measured on more than one kind of decision.
 */
export const SCENARIO_ORDER: readonly DecisionScenario[] = (() => {
  const byDomain = mappingDomainValues.map((d) => DECISION_SCENARIOS.filter((s) => s.domain === d));
  const longest = Math.max(...byDomain.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) => byDomain.flatMap((list) => (list[i] ? [list[i]] : []))).flat();
})();
