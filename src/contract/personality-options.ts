/**
 * Personality Mapping's plain constants, labels and messages, free of the validation library so the web client can
 * import them at runtime. `personality.ts` builds its schemas from these and re-exports them.
 */

/** The Big Five domains in the IPIP-NEO's own order (items cycle N, E, O, A, C). */
export const bigFiveDomains = ["N", "E", "O", "A", "C"] as const;
export type BigFiveDomain = (typeof bigFiveDomains)[number];
export const bigFiveDomainLabels: Record<BigFiveDomain, string> = {
  N: "Neuroticism",
  E: "Extraversion",
  O: "Openness",
  A: "Agreeableness",
  C: "Conscientiousness",
};
/** The order the profile shows them in (OCEAN), which people recognise. */
export const bigFiveDisplayOrder: BigFiveDomain[] = ["O", "C", "E", "A", "N"];

/** The six facets of each domain, as the IPIP-NEO names them (facet n of a domain is index n − 1). */
export const bigFiveFacetLabels: Record<BigFiveDomain, readonly string[]> = {
  N: ["Anxiety", "Anger", "Depression", "Self-Consciousness", "Immoderation", "Vulnerability"],
  E: ["Friendliness", "Gregariousness", "Assertiveness", "Activity Level", "Excitement-Seeking", "Cheerfulness"],
  O: ["Imagination", "Artistic Interests", "Emotionality", "Adventurousness", "Intellect", "Liberalism"],
  A: ["Trust", "Morality", "Altruism", "Cooperation", "Modesty", "Sympathy"],
  C: ["Self-Efficacy", "Orderliness", "Dutifulness", "Achievement-Striving", "Self-Discipline", "Cautiousness"],
};

export const PERSONALITY_ITEM_COUNT = 120;
/** The most questionnaires an import restores (a file with more was not written by us). */
export const PERSONALITY_ATTEMPTS_MAX = 200;
/** How many statements the questionnaire shows at once. */
export const PERSONALITY_PAGE_SIZE = 6;

/** The IPIP answer scale, 1 to 5. */
export const personalityChoices = ["Very inaccurate", "Moderately inaccurate", "Neither accurate nor inaccurate", "Moderately accurate", "Very accurate"] as const;

export const normSexValues = ["female", "male"] as const;
export type NormSex = (typeof normSexValues)[number];
export const ageBandValues = ["under-21", "21-40", "41-60", "over-60"] as const;
export type AgeBand = (typeof ageBandValues)[number];
export const ageBandLabels: Record<AgeBand, string> = { "under-21": "under 21", "21-40": "21 to 40", "41-60": "41 to 60", "over-60": "over 60" };

export const traitLevelValues = ["low", "average", "high"] as const;
export type TraitLevel = (typeof traitLevelValues)[number];
/** Percentiles below LOW_BELOW read "low", above HIGH_ABOVE "high", the rest "average" (docs/formulas.md). */
export const TRAIT_LEVEL_BOUNDS = { lowBelow: 30, highAbove: 70 } as const;

export const personalityMessages = {
  itemInvalid: `Choose a statement from 1 to ${PERSONALITY_ITEM_COUNT}.`,
  valueInvalid: "Choose one of the five answers, from Very inaccurate to Very accurate.",
  attemptNotFound: "That questionnaire does not exist, or it is not yours.",
  attemptFinished: "This questionnaire is already finished. Start a new one to take it again.",
  missingAnswers: (n: number) => `${n} ${n === 1 ? "statement is" : "statements are"} still unanswered. Answer every statement to see your scores.`,
  sexInvalid: "Choose female or male, or leave it out.",
  ageBandInvalid: "Choose an age band, or leave it out.",
} as const;

/** Decision Scenario Testing (docs/formulas.md, "Decision scenarios and twin fidelity"). */
export const SCENARIO_RULES = {
  /** A first answer comes back as a retest this many days later, at the earliest. */
  retestAfterDays: 14,
  /** The most scenarios asked again: a few, enough to measure consistency. */
  retestMax: 12,
  /** Twin fidelity is shown once there are this many predictions and this many retests. */
  minPredictions: 10,
  minRetests: 5,
  wordsMax: 2000,
} as const;

/** The most scenario answers an import restores (a first answer and a retest per scenario of a bank of well under 200). */
export const SCENARIO_ANSWERS_MAX = 400;

export const scenarioBasisValues = ["profile", "choices", "memories", "calibration"] as const;
export type ScenarioBasis = (typeof scenarioBasisValues)[number];
/** What the twin's prediction drew on, in words for the person. */
export const scenarioBasisLabels: Record<ScenarioBasis, string> = {
  profile: "your Big Five profile",
  choices: "your choices in other scenarios",
  memories: "your memories",
  calibration: "your calibration answers",
};

export const scenarioMessages = {
  notFound: "That scenario does not exist.",
  choiceInvalid: "Choose one of the options.",
  wordsTooLong: `Keep your own words under ${SCENARIO_RULES.wordsMax} characters.`,
  kindInvalid: "Say whether this is a first answer or a retest.",
  alreadyAnswered: "You have already answered this scenario. Your first answer stays as you gave it, so your twin's guess is measured honestly.",
  retestNotDue: "This scenario is not due to be asked again yet.",
  retestAlreadyAnswered: "You have already answered this scenario a second time.",
} as const;
