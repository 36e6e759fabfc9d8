import { z } from "zod";
import { mappingDomainValues } from "./overview";
import { SCENARIO_RULES, scenarioMessages } from "./personality-options";
import { stableIdSchema } from "./stable-id";

const scenarioKindValues = ["first", "retest"] as const;
export type ScenarioKind = (typeof scenarioKindValues)[number];

/** A scenario as the person sees it: the situation and its options, numbered from 1 in this order. */
export const decisionScenarioSchema = z.object({
  id: z.string(),
  domain: z.enum(mappingDomainValues),
  domainLabel: z.string(),
  prompt: z.string(),
  options: z.array(z.string()),
});

/** How often the twin decides as the person does, and how often the person does (docs/formulas.md, "Decision scenarios and twin fidelity"). */
export const scenarioFiguresSchema = z.object({
  /** First answers the twin predicted, and how many of those it got right. */
  predictions: z.number().int(),
  matches: z.number().int(),
  /** matches ÷ predictions, 0–1; null before the first prediction. */
  agreement: z.number().nullable(),
  /** What guessing at random would agree on the same scenarios (the mean of 1 ÷ options), 0–1; null without predictions. */
  chance: z.number().nullable(),
  /** Scenarios answered again, and how many got the same option as the first time. */
  retests: z.number().int(),
  consistent: z.number().int(),
  /** consistent ÷ retests, 0–1; null before the first retest. */
  consistency: z.number().nullable(),
  /** agreement ÷ consistency once there are enough of both (and the person was consistent at least once); else null. */
  fidelity: z.number().nullable(),
  /** How many more predictions and retests fidelity needs (0 when there are enough). */
  needed: z.object({ predictions: z.number().int(), retests: z.number().int() }),
  /** When the next scenario becomes due to be asked again, if none is due now and one will be. */
  nextRetestAt: z.string().nullable(),
});
export type ScenarioFigures = z.infer<typeof scenarioFiguresSchema>;

export const scenarioOutcomeSchema = z.object({
  scenarioId: z.string(),
  prompt: z.string(),
  domain: z.enum(mappingDomainValues),
  domainLabel: z.string(),
  kind: z.enum(scenarioKindValues),
  choice: z.string(),
  words: z.string(),
  /** The twin's predicted option in words (first answers), null when it had nothing to go on or for a retest. */
  predicted: z.string().nullable(),
  matched: z.boolean().nullable(),
  /** For a retest: whether the person chose as they did the first time. */
  sameAsFirst: z.boolean().nullable(),
  /** What the prediction drew on, in words. */
  basis: z.array(z.string()),
  answeredAt: z.string(),
});
export type ScenarioOutcome = z.infer<typeof scenarioOutcomeSchema>;

/** GET /api/personality/scenarios */
export const scenarioStateSchema = z.object({
  /** The next scenario to answer (a due retest first), or null when none is left for now. */
  next: z.object({ scenario: decisionScenarioSchema, kind: z.enum(scenarioKindValues) }).nullable(),
  answered: z.number().int(),
  total: z.number().int(),
  figures: scenarioFiguresSchema,
  /** The latest answers, newest first (a scenario waiting to be asked again is left out until it is). */
  recent: z.array(scenarioOutcomeSchema),
});
export type ScenarioState = z.infer<typeof scenarioStateSchema>;

/** POST /api/personality/scenarios/:scenarioId/answers */
export const answerScenarioSchema = z.strictObject({
  /** What the person thought they were answering; refused if the scenario is not at that stage any more. */
  kind: z.enum(scenarioKindValues, { error: scenarioMessages.kindInvalid }),
  /** The option chosen, numbered from 1. */
  choice: z.number({ error: scenarioMessages.choiceInvalid }).int(scenarioMessages.choiceInvalid).min(1, scenarioMessages.choiceInvalid).max(4, scenarioMessages.choiceInvalid),
  words: z.string().trim().max(SCENARIO_RULES.wordsMax, scenarioMessages.wordsTooLong).default(""),
});

export const answerScenarioResponseSchema = z.object({ outcome: scenarioOutcomeSchema, state: scenarioStateSchema });

export const scenarioParamsSchema = z.object({ scenarioId: stableIdSchema() });
