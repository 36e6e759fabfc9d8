import type { UIMessage } from "ai";
import type { TwinMessage } from "../../../contract/twin";
import type { TwinAnswerMetadata, TwinFeedback } from "../../../contract/twin-options";

/** What a twin answer carries besides its text: the server's metadata once saved, and the feedback given to it. */
export type TwinMessageMetadata = Partial<TwinAnswerMetadata> & { feedback?: TwinFeedback | null };
export type TwinUIMessage = UIMessage<TwinMessageMetadata>;

/** A stored message as a chat message: questions are the user's, answers the assistant's, with their sources and score. */
export function toUIMessage(message: TwinMessage): TwinUIMessage {
  if (message.role === "user") return { id: message.id, role: "user", parts: [{ type: "text", text: message.text }], metadata: { createdAt: message.createdAt } };
  return {
    id: message.id,
    role: "assistant",
    parts: [{ type: "text", text: message.text }],
    metadata: {
      messageId: message.id,
      sources: message.sources,
      authenticityScore: message.authenticityScore,
      abstained: message.sources.length === 0,
      modelName: message.modelName ?? undefined,
      createdAt: message.createdAt,
      feedback: message.feedback,
    },
  };
}

/** The text of a chat message (its text parts joined). */
export const textOf = (message: TwinUIMessage) =>
  message.parts
    .filter((p) => p.type === "text")
    .map((p) => p.text)
    .join("");
