import {
  completePersonalitySchema,
  personalityAttemptResponseSchema,
  personalityItemsResponseSchema,
  personalityStateSchema,
  savePersonalityAnswersResponseSchema,
  savePersonalityAnswersSchema,
} from "../personality";
import { endpoints, type EndpointName } from "../endpoints";
import { personalityAttemptId, type Endpoint } from "./shared";

/** Personality Mapping: the Big Five questionnaire and its attempts. */
export const personalityRoutes = {
  getPersonality: { ...endpoints.getPersonality, summary: "The Big Five questionnaire in progress, the latest profile with percentiles, and every completed attempt.", response: personalityStateSchema },
  listPersonalityItems: { ...endpoints.listPersonalityItems, summary: "The 120 statements of the IPIP-NEO-120, in order.", response: personalityItemsResponseSchema },
  startPersonalityAttempt: {
    ...endpoints.startPersonalityAttempt,
    summary: "Starts the questionnaire (201), or answers the one already in progress (200) so it can be resumed anywhere.",
    response: personalityAttemptResponseSchema,
  },
  savePersonalityAnswers: {
    ...endpoints.savePersonalityAnswers,
    ...personalityAttemptId,
    summary: "Saves answers as they are given (1–5 per statement); a statement answered again keeps the newest answer.",
    body: savePersonalityAnswersSchema,
    response: savePersonalityAnswersResponseSchema,
  },
  completePersonalityAttempt: {
    ...endpoints.completePersonalityAttempt,
    ...personalityAttemptId,
    summary: "Scores a fully answered questionnaire against the norms for the person's sex and age band (refused while any statement is unanswered).",
    body: completePersonalitySchema,
    response: personalityStateSchema,
  },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
