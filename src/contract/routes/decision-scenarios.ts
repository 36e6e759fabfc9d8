import { answerScenarioResponseSchema, answerScenarioSchema, scenarioParamsSchema, scenarioStateSchema } from "../decision-scenarios";
import { scenarioMessages } from "../personality-options";
import { endpoints, type EndpointName } from "../endpoints";
import type { Endpoint } from "./shared";

/** Decision Scenario Testing: the next scenario and its answers, with the twin's prediction. */
export const decisionScenarioRoutes = {
  getDecisionScenarios: {
    ...endpoints.getDecisionScenarios,
    summary: "Decision Scenario Testing: the next scenario (a retest when one is due), the twin's agreement, the person's own consistency and the twin's fidelity.",
    response: scenarioStateSchema,
  },
  answerDecisionScenario: {
    ...endpoints.answerDecisionScenario,
    params: scenarioParamsSchema,
    missing: { code: "scenario_not_found", message: scenarioMessages.notFound },
    summary: "Answers a scenario; a first answer is stored with the twin's prediction, made beforehand without it (409 when already answered or not yet due again).",
    body: answerScenarioSchema,
    response: answerScenarioResponseSchema,
  },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
