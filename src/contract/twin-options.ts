/** Zod-free constants and messages of the twin, shared by the server and the web page. */

export const TWIN_MESSAGE_MAX = 2000;
export const TWIN_SCENARIO_MAX = 2000;
export const twinFeedbackValues = ["up", "down"] as const;
export type TwinFeedback = (typeof twinFeedbackValues)[number];

/**
 * What a stored answer is, kept with it (issue 47): the twin's own answer, or a message Mindprint gives in its place:
 * the support message to a person in crisis, the prepared answer to "Are you real?", or a notice about the
 * conversation itself. Only a twin answer is the owner's twin speaking, so only it is heard in a voice, rated or
 * shown with what it was based on.
 */
export const twinAnswerKinds = ["answer", "support", "identity", "notice"] as const;
export type TwinAnswerKind = (typeof twinAnswerKinds)[number];

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
  notSpoken: "Only the twin's own answers can be heard in a voice. This message is from Mindprint, not the twin.",
  notRated: "Only the twin's own answers can be rated. This message is from Mindprint, not the twin.",
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
  /** Mindprint's check-in before the answer, when the crisis check was unsure (issue 42): what the twin is and where help is. */
  checkIn: string | null;
  /** What the answer is: "support" when the message was a person in crisis (crisis services, not the twin). */
  kind: TwinAnswerKind;
}

export interface TwinSourceRef {
  kind: "memory" | "calibration";
  id: string;
  label: string;
  /** False when the cited memory or answer has since been deleted. */
  available: boolean;
  /**
   * The length in seconds of the owner's own recording of this memory, when the reader (a contact or a memorial's
   * visitor) may hear it: the answer then offers to hear the owner tell it. Absent otherwise.
   */
  recordingSeconds?: number;
}
