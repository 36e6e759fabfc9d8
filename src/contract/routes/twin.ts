import { z } from "zod";
import {
  twinChatRequestSchema,
  twinInsightResponseSchema,
  twinFeedbackRequestSchema,
  twinMessageResponseSchema,
  twinSpeechRequestSchema,
  twinMessagesResponseSchema,
  twinScenarioRequestSchema,
  twinScenarioResponseSchema,
  twinStatusResponseSchema,
} from "../twin";
import { peopleResponseSchema, personRequestSchema, personResponseSchema } from "../people";
import { endpoints, type EndpointName } from "../endpoints";
import { twinMessageId, audioFile, ok, personId, type Endpoint } from "./shared";

/** The Digital Twin: its conversation, ratings and speech, the scenario laboratory, and the generated insights. */
export const twinRoutes = {
  getTwinStatus: { ...endpoints.getTwinStatus, summary: "The twin's figures: material, what it reads for meaning, ratings and the honesty self-check.", response: twinStatusResponseSchema },
  listTwinMessages: { ...endpoints.listTwinMessages, summary: "The conversation with the twin, with each answer's sources.", response: twinMessagesResponseSchema },
  sendTwinMessage: {
    ...endpoints.sendTwinMessage,
    summary: "Asks the twin: the answer streams as an AI SDK UI message stream, its last metadata a TwinAnswerMetadata.",
    body: twinChatRequestSchema,
    response: z.string().describe("Server-sent events of the UI message stream protocol"),
    produces: "text/event-stream",
  },
  setTwinFeedback: { ...endpoints.setTwinFeedback, ...twinMessageId, summary: "Rates one answer up, down, or clears the rating.", body: twinFeedbackRequestSchema, response: twinMessageResponseSchema },
  speakTwinAnswer: {
    ...endpoints.speakTwinAnswer,
    ...twinMessageId,
    summary: "Speaks one of the owner's stored twin answers in a ready voice (409 for a support message, an identity answer or a notice).",
    body: twinSpeechRequestSchema,
    response: audioFile,
    produces: "audio/*",
  },
  decideTwinScenario: { ...endpoints.decideTwinScenario, summary: "The laboratory: how the twin would decide a scenario (not stored).", body: twinScenarioRequestSchema, response: twinScenarioResponseSchema },
  generateMemoryInsight: { ...endpoints.generateMemoryInsight, summary: "Generates and stores the memory insight.", response: twinInsightResponseSchema },
  generateValuesSummary: { ...endpoints.generateValuesSummary, summary: "Generates and stores the values summary.", response: twinInsightResponseSchema },
  listPeople: { ...endpoints.listPeople, summary: "The people in the owner's life they confirmed, and suggestions read from their memories and legacy contacts.", response: peopleResponseSchema },
  addPerson: { ...endpoints.addPerson, summary: "Adds a person (or confirms a suggestion, 201): a name and who they are to the owner.", body: personRequestSchema, response: personResponseSchema },
  updatePerson: { ...endpoints.updatePerson, ...personId, summary: "Corrects a person's name or who they are to the owner.", body: personRequestSchema, response: personResponseSchema },
  removePerson: { ...endpoints.removePerson, ...personId, summary: "Takes a person off the list.", response: ok },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
