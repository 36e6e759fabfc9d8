import type { UIMessage } from "ai";
import type { KeyboardEvent } from "react";
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
      // What it is comes back with the conversation, so a reloaded support message is still not the twin (issue 47).
      kind: message.kind ?? undefined,
      sources: message.sources,
      authenticityScore: message.authenticityScore,
      abstained: message.sources.length === 0,
      modelName: message.modelName ?? undefined,
      createdAt: message.createdAt,
      feedback: message.feedback,
      checkIn: message.checkIn,
    },
  };
}

/** The text of a chat message (its text parts joined). */
export const textOf = (message: TwinUIMessage) =>
  message.parts
    .filter((p) => p.type === "text")
    .map((p) => p.text)
    .join("");

/** The server takes only the new question (it keeps the history itself): the text of the last user message. */
export function lastUserText(messages: TwinUIMessage[]): string {
  const last = messages.findLast((m) => m.role === "user");
  return last ? textOf(last) : "";
}

/** A message box's keys: Enter sends; Shift+Enter inserts a line break (the textarea's own behaviour), as does composing. */
export const enterSends = (send: () => void) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
    event.preventDefault();
    send();
  }
};
