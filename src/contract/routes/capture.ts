import { z } from "zod";
import { idempotencyKeySchema } from "../errors";
import { memoryResponseSchema } from "../memories";
import { capturePromptsResponseSchema, saveCaptureAnswerSchema } from "../capture";
import { endpoints, type EndpointName } from "../endpoints";
import type { Endpoint } from "./shared";

/** Consciousness Capture: the questions a session offers and the answers saved to the vault. */
export const captureRoutes = {
  getCapturePrompts: {
    ...endpoints.getCapturePrompts,
    summary: "The capture questions not yet answered, in the order a session offers them (the least mapped domain first).",
    response: capturePromptsResponseSchema,
  },
  saveCaptureAnswer: {
    ...endpoints.saveCaptureAnswer,
    summary: "Saves a capture answer, spoken or typed, to the vault as a memory with its question and recording (201); a retry with the same Idempotency-Key answers the first one (200).",
    headers: z.object({ "idempotency-key": idempotencyKeySchema.optional() }),
    body: saveCaptureAnswerSchema,
    response: memoryResponseSchema,
  },
} as const satisfies Partial<Record<EndpointName, Endpoint>>;
