/** Zod-free constants and messages of the twin, shared by the server and the web page. */

export const TWIN_MESSAGE_MAX = 2000;
export const TWIN_SCENARIO_MAX = 2000;
export const twinFeedbackValues = ["up", "down"] as const;
export type TwinFeedback = (typeof twinFeedbackValues)[number];

export const twinMessages = {
  // The spec's strings (dashboard.md section 8, Twin).
  historyFailed: "Failed to load conversation history.",
  sendFailed: "Failed to send message.",
  responseFailed: "Failed to get response from your digital twin.",
  textRequired: "Type a message for your twin first.",
  textTooLong: `A message has at most ${TWIN_MESSAGE_MAX} characters.`,
  scenarioRequired: "Describe a scenario for your twin to decide.",
  scenarioTooLong: `A scenario has at most ${TWIN_SCENARIO_MAX} characters.`,
  messageNotFound: "That message does not exist, or it is not yours.",
  feedbackInvalid: "Feedback is up, down, or null to clear it.",
} as const;

/** The metadata the server attaches to a streamed twin answer once it is saved (AI SDK UI message metadata). */
export interface TwinAnswerMetadata {
  messageId: string;
  sources: TwinSourceRef[];
  authenticityScore: number | null;
  abstained: boolean;
  modelName: string;
  createdAt: string;
  /** The notice that the twin is an AI, when this answer carries it: at a conversation's start, then every 3 hours. */
  aiNotice: string | null;
  /** The message was a person in crisis: the answer is a support message naming crisis services, not the twin. */
  crisis: boolean;
}

export interface TwinSourceRef {
  kind: "memory" | "calibration";
  id: string;
  label: string;
  /** False when the cited memory or answer has since been deleted. */
  available: boolean;
}
