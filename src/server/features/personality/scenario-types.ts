import type { BigFiveDomain, MappingDomain } from "../../../contract";

/** How strongly choosing an option suggests a domain is high (positive) or low (negative) in the person. */
export type Leaning = -1 | -0.5 | 0.5 | 1;

export interface ScenarioOption {
  /** What the person would do, in the first person ("I'd …"), short enough to read at a glance. */
  text: string;
  /** The Big Five domains this choice speaks to (docs/formulas.md, "Decision scenarios"); one or two, never empty. */
  leans: Partial<Record<BigFiveDomain, Leaning>>;
}

/** One everyday decision of the Decision Scenario Testing bank. */
export interface DecisionScenario {
  /** Stable id kept in people's answers and export files: never renamed, renumbered or reused. */
  id: string;
  /** The consciousness-mapping domain the decision belongs to. */
  domain: MappingDomain;
  /** The situation, in the second person, one to three sentences. */
  prompt: string;
  /** Three or four options, each a real thing a reasonable person might do. */
  options: readonly ScenarioOption[];
}
