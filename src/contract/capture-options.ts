/**
 * Consciousness Capture's plain constants and messages, free of the validation library so the web client can import
 * them at runtime. `capture.ts` builds its schemas from these and re-exports them.
 */

import { MEMORY_CONTENT_MAX, memoryMessages } from "./memory-options";

/** The longest answer saved from a capture session: a memory's own limit. */
export const CAPTURE_ANSWER_MAX = MEMORY_CONTENT_MAX;

export const captureMessages = {
  /** The spec's Capture messages. */
  noRecording: "No Recording Available",
  unexpected: "Unexpected Error",
  promptNotFound: "That question does not exist. Reload the page to get the current questions.",
  promptInvalid: "That is not one of the capture questions.",
  answerExists: "This recording is already saved as your answer, perhaps from another tab or window. You will find it in your Memory Vault.",
  recordingAnswersAnother: "That recording is already the spoken answer to another capture question. Choose another recording.",
  recordingForAnotherQuestion: "That recording answers another question. Record this answer again, or save it in writing.",
  signalsInvalid: "The voice signals sent with this recording are not valid; record again.",
  /** The spec's capture rule: a response must be non-blank to save (the spec gives no words: these speak of the answer). */
  answerRequired: "Write your answer first, or record it instead.",
  answerTooLong: memoryMessages.contentTooLong,
} as const;
