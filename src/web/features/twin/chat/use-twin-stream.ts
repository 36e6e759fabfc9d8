import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { useMemo, useState } from "react";
import type { TwinMessage } from "../../../../contract/twin";
import { twinMessages } from "../../../../contract/twin-options";
import { timeZoneHeader } from "../../../lib/api-client";
import { notifyError } from "../../../lib/notify";
import { lastUserText, toUIMessage, type TwinUIMessage } from "../twin-ui-message";
import { sentenceStart, unsavedWords, type Unsaved } from "./chat-words";

export interface TwinStreamOptions {
  /** The chat state's id: one per conversation. */
  id: string;
  /** The answer stream questions go to: POST { text }, answered as an AI SDK UI message stream. */
  api: string;
  /** The stored conversation it starts from (read once: a later refetch does not restart the chat). */
  history: TwinMessage[];
  twinName: string;
  keeps: boolean;
  onAnswered?: () => void;
}

/**
 * One conversation with a twin over its answer stream (AI SDK useChat): the server takes only the new question and
 * keeps the history itself. A stopped or failed turn is marked on the answer (or on the question that got none), said
 * aloud, and the question is given back so it can be sent again.
 */
export function useTwinStream({ id, api, history, twinName, keeps, onAnswered }: TwinStreamOptions) {
  const [initialMessages] = useState(() => history.map(toUIMessage));
  const [unsaved, setUnsaved] = useState<Record<string, Unsaved>>({});
  const [input, setInput] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const words = unsavedWords(twinName, keeps);

  const transport = useMemo(
    () =>
      new DefaultChatTransport<TwinUIMessage>({
        api,
        credentials: "same-origin",
        // Where the reader is: their country's crisis lines come first in a check-in (issue 59).
        headers: timeZoneHeader,
        prepareSendMessagesRequest: ({ messages }) => ({ body: { text: lastUserText(messages) } }),
      }),
    [api],
  );

  const chat = useChat<TwinUIMessage>({
    id,
    messages: initialMessages,
    transport,
    onError: () => notifyError(twinMessages.responseFailed, keeps ? "Nothing was saved. Please try again." : "Please try again."),
    onFinish: ({ message, messages: all, isAbort, isError }) => {
      if (!isAbort && !isError) {
        setAnnouncement(`${sentenceStart(twinName)} answered.`);
        onAnswered?.();
        return;
      }
      const outcome: Unsaved = isAbort ? "stopped" : "failed";
      // The answer when some of it arrived; otherwise the question that got none.
      const shown = all.some((m) => m.id === message.id) ? message.id : all.findLast((m) => m.role === "user")?.id;
      if (shown) setUnsaved((u) => ({ ...u, [shown]: outcome }));
      setAnnouncement(words.answer(outcome));
      setInput((current) => current || lastUserText(all));
    },
  });

  const busy = chat.status === "submitted" || chat.status === "streaming";

  const send = () => {
    const text = input.trim();
    if (!text || busy) return;
    chat.clearError();
    setAnnouncement("");
    setInput("");
    void chat.sendMessage({ text });
  };

  return { messages: chat.messages, status: chat.status, error: chat.error, stop: () => void chat.stop(), busy, send, input, setInput, unsaved, announcement, words };
}

export type TwinStream = ReturnType<typeof useTwinStream>;
