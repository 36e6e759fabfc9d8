import { z } from "zod";
import { TWIN_MESSAGE_MAX, TWIN_SCENARIO_MAX, twinAnswerKinds, twinFeedbackValues, twinMessages } from "./twin-options";
import { VOICE_ID_MAX, VOICE_ID_MIN, voiceCloneMessages } from "./voice-options";

export * from "./twin-options";

const sourceRefSchema = z.object({ kind: z.enum(["memory", "calibration"]), id: z.string(), label: z.string(), available: z.boolean(), recordingSeconds: z.number().optional() });

export const twinMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "twin"]),
  /** What a twin message is (its own answer, a support message, …); null for the asker's questions. */
  kind: z.enum(twinAnswerKinds).nullable(),
  text: z.string(),
  createdAt: z.string(),
  feedback: z.enum(twinFeedbackValues).nullable(),
  /** Grounding score of a twin answer (0–100), null for questions and for answers that cite nothing. */
  authenticityScore: z.number().int().nullable(),
  sources: z.array(sourceRefSchema),
  modelName: z.string().nullable(),
  /** Mindprint's check-in said before this answer (the crisis check was unsure), or null. */
  checkIn: z.string().nullable(),
});
export type TwinMessage = z.infer<typeof twinMessageSchema>;

export const twinMessagesResponseSchema = z.object({ messages: z.array(twinMessageSchema) });

/** POST /api/twin/chat: the new message only; the server keeps the history. Answers stream (UI message stream). */
export const twinChatRequestSchema = z.strictObject({
  text: z.string({ error: twinMessages.textRequired }).trim().min(1, twinMessages.textRequired).max(TWIN_MESSAGE_MAX, twinMessages.textTooLong),
});

export const twinFeedbackRequestSchema = z.strictObject({
  feedback: z.enum(twinFeedbackValues, { error: twinMessages.feedbackInvalid }).nullable(),
});
export const twinMessageResponseSchema = z.object({ message: twinMessageSchema });

/** POST /api/twin/messages/:id/speech: which of the owner's ready voices speaks the stored answer. */
export const twinSpeechRequestSchema = z.strictObject({
  voiceId: z.string({ error: voiceCloneMessages.invalidVoiceId }).min(VOICE_ID_MIN, voiceCloneMessages.invalidVoiceId).max(VOICE_ID_MAX, voiceCloneMessages.invalidVoiceId),
});

/** The Advanced Digital Twin Laboratory's second box: the twin decides a scenario and shows what it used. */
export const twinScenarioRequestSchema = z.strictObject({
  scenario: z.string({ error: twinMessages.scenarioRequired }).trim().min(1, twinMessages.scenarioRequired).max(TWIN_SCENARIO_MAX, twinMessages.scenarioTooLong),
});
export const twinScenarioResponseSchema = z.object({
  /** "answer" for the twin's decision; a support message (a scenario in crisis words) is Mindprint's, not the twin's. */
  kind: z.enum(twinAnswerKinds),
  decision: z.string(),
  sources: z.array(sourceRefSchema),
  traits: z.array(z.string()),
  authenticityScore: z.number().int().nullable(),
  abstained: z.boolean(),
  modelName: z.string(),
});
export type TwinScenarioResult = z.infer<typeof twinScenarioResponseSchema>;

/** GET /api/twin/status: the status card's figures. */
export const twinStatusResponseSchema = z.object({
  memoriesAvailable: z.number().int(),
  memoriesHidden: z.number().int(),
  /** Of the memories the twin can draw on, how many it has read for meaning (a current vector); the rest are being read. */
  memoriesEmbedded: z.number().int(),
  /** True while the background job that reads memories for meaning is waiting or running for this person. */
  readingMemories: z.boolean(),
  calibrationAnswers: z.number().int(),
  /** When the twin's material last changed (newest memory edit, calibration answer or reflection); null when empty. */
  lastTrainedAt: z.string().nullable(),
  /** The owner's own thumbs on the twin's answers (docs/formulas.md): rated answers and how many were rated up. */
  ratings: z.object({ rated: z.number().int(), up: z.number().int() }),
  /**
   * Honesty self-check (docs/formulas.md): questions about things the person never recorded, and how many the twin
   * declined instead of answering from something merely near; null with fewer than 3 memories.
   */
  honesty: z.object({ percent: z.number().int(), checked: z.number().int(), declined: z.number().int() }).nullable(),
  modelName: z.string(),
  provider: z.string(),
  conversations: z.number().int(),
});
export type TwinStatus = z.infer<typeof twinStatusResponseSchema>;

/** generate-memory-insight and generate-values-summary: the stored result, shown raw on the dev test page. */
export const twinInsightResponseSchema = z.looseObject({ kind: z.enum(["memory_insight", "values_summary"]), generatedAt: z.string() });
