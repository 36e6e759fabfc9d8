import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { Send, Square } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { endpoints } from "../../../contract/endpoints";
import type { TwinMessage } from "../../../contract/twin";
import { TWIN_MESSAGE_MAX, twinMessages, type TwinFeedback } from "../../../contract/twin-options";
import { messageOf } from "../../lib/api-client";
import { notifyError } from "../../lib/notify";
import { AiVoicePlayer } from "../../ui/ai-voice-label";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { AiNoticeBanner, InlineAiNotice, SpeakerLabel } from "./ai-notice";
import { FeedbackButtons } from "./feedback-buttons";
import { ListenButton } from "./listen-button";
import { GroundingScore, SourceList } from "./source-list";
import { useInvalidateTwin, useSetTwinFeedback } from "./twin-queries";
import { enterSends, lastUserText, textOf, toUIMessage, type TwinUIMessage } from "./twin-ui-message";
import { useAnswerSpeaker, type AnswerSpeaker } from "./use-answer-speaker";

/** How a turn ended when the server saved nothing: the person stopped it, or it failed. */
type Unsaved = "stopped" | "failed";

const unsavedNote: Record<Unsaved, string> = {
  stopped: "Stopped — this answer was not saved.",
  failed: "Failed — this answer was not saved.",
};



/**
 * Consciousness Validation Chat: the stored conversation, then new questions answered token by token (AI SDK useChat
 * over the server's UI message stream). A saved answer shows what it was based on, its grounding, feedback buttons and
 * Listen (spoken in the person's newest ready voice); a stopped or failed one says it was not saved.
 */
export function TwinChat({ history }: { history: TwinMessage[] }) {
  const [initialMessages] = useState(() => history.map(toUIMessage));
  const [feedback, setFeedback] = useState<Record<string, TwinFeedback | null>>(() =>
    Object.fromEntries(history.filter((m) => m.role === "twin").map((m) => [m.id, m.feedback])),
  );
  const [unsaved, setUnsaved] = useState<Record<string, Unsaved>>({});
  const [input, setInput] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const invalidate = useInvalidateTwin();
  const saveFeedback = useSetTwinFeedback();
  const listRef = useRef<HTMLDivElement>(null);
  const speaker = useAnswerSpeaker();

  const transport = useMemo(
    () =>
      new DefaultChatTransport<TwinUIMessage>({
        api: endpoints.sendTwinMessage.path,
        credentials: "same-origin",
        prepareSendMessagesRequest: ({ messages }) => ({ body: { text: lastUserText(messages) } }),
      }),
    [],
  );

  const { messages, sendMessage, status, stop, clearError } = useChat<TwinUIMessage>({
    id: "twin-chat",
    messages: initialMessages,
    transport,
    onError: () => notifyError(twinMessages.responseFailed, "Nothing was saved. Please try again."),
    onFinish: ({ message, messages: all, isAbort, isError }) => {
      if (!isAbort && !isError) {
        setAnnouncement("Your twin answered.");
        void invalidate();
        return;
      }
      const outcome: Unsaved = isAbort ? "stopped" : "failed";
      // The answer when some of it arrived; otherwise the question that got none.
      const shown = all.some((m) => m.id === message.id) ? message.id : all.findLast((m) => m.role === "user")?.id;
      if (shown) setUnsaved((u) => ({ ...u, [shown]: outcome }));
      setAnnouncement(unsavedNote[outcome]);
      // Give the question back, so it can be sent again.
      setInput((current) => current || lastUserText(all));
    },
  });

  const busy = status === "submitted" || status === "streaming";
  const canSend = input.trim().length > 0 && !busy;

  // Keep the newest message in view as messages arrive and grow.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, status]);

  const send = () => {
    const text = input.trim();
    if (!text || busy) return;
    clearError();
    setAnnouncement("");
    setInput("");
    void sendMessage({ text });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = enterSends(send);

  const giveFeedback = (id: string, next: TwinFeedback | null) => {
    const previous = feedback[id] ?? null;
    setFeedback((f) => ({ ...f, [id]: next }));
    saveFeedback.mutate(
      { id, feedback: next },
      {
        onError: (error) => {
          setFeedback((f) => ({ ...f, [id]: previous }));
          notifyError("Could not save your feedback", messageOf(error));
        },
      },
    );
  };

  const last = messages.at(-1);

  return (
    <div className="grid gap-4">
      <div
        ref={listRef}
        role="region"
        aria-label="Conversation with your twin"
        tabIndex={0}
        data-testid="twin-messages"
        className="relative max-h-[24rem] overflow-y-auto rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4"
      >
        <div className="mb-3">
          <AiNoticeBanner name={null} />
        </div>
        {messages.length === 0 ? (
          <p className="p-2 text-muted">
            No conversation yet. Ask your twin about something you wrote in the{" "}
            <Link to="/dashboard/memories" className="font-medium text-brand-strong underline underline-offset-2">
              Memory Vault
            </Link>
            , for example a place, a person or a day you described.
          </p>
        ) : (
          <ol className="grid gap-3">
            {messages.map((message) => (
              <ChatMessage
                key={message.id}
                message={message}
                streaming={busy && message === last && message.role === "assistant"}
                unsaved={unsaved[message.id]}
                feedback={message.metadata?.messageId ? (feedback[message.metadata.messageId] ?? null) : null}
                onFeedback={giveFeedback}
                speaker={speaker}
              />
            ))}
          </ol>
        )}
        {status === "submitted" && (
          <div className="mt-3">
            <Spinner label="Your twin is thinking…" />
          </div>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {/* One element for every spoken answer; its controls appear once it holds audio, to pause or hear it again. */}
      <AiVoicePlayer shown={speaker.hasAudio}>
        <audio {...speaker.audioProps} data-testid="twin-answer-audio" aria-label="Your twin's spoken answer" controls={speaker.hasAudio} className={speaker.hasAudio ? "w-full" : "hidden"} />
      </AiVoicePlayer>
      <p aria-live="polite" className="sr-only">
        {speaker.error ? "" : speaker.announcement}
      </p>
      {status === "error" && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
          {twinMessages.sendFailed}
        </p>
      )}
      <form onSubmit={onSubmit} className="grid gap-2">
        <label htmlFor="twin-message" className="font-medium">
          Message your twin
        </label>
        <textarea
          id="twin-message"
          rows={3}
          maxLength={TWIN_MESSAGE_MAX}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby="twin-message-hint"
          placeholder="Ask about something you wrote down…"
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5"
        />
        <p id="twin-message-hint" className="text-sm text-muted">
          Enter sends; Shift+Enter starts a new line.
        </p>
        <div className="flex flex-wrap gap-2">
          {busy ? (
            <Button type="button" variant="secondary" onClick={() => void stop()}>
              <Square aria-hidden="true" className="h-4 w-4" />
              Stop
            </Button>
          ) : null}
          <Button type="submit" disabled={!canSend}>
            <Send aria-hidden="true" className="h-4 w-4" />
            Send
          </Button>
        </div>
      </form>
    </div>
  );
}

interface MessageProps {
  message: TwinUIMessage;
  streaming: boolean;
  unsaved: Unsaved | undefined;
  feedback: TwinFeedback | null;
  onFeedback: (id: string, next: TwinFeedback | null) => void;
  speaker: AnswerSpeaker;
}

function ChatMessage({ message, streaming, unsaved, feedback, onFeedback, speaker }: MessageProps) {
  const text = textOf(message);
  if (message.role === "user") {
    return (
      <li data-testid="twin-message" data-role="user" className="ml-auto max-w-[90%] rounded-2xl bg-brand px-4 py-2.5 text-white sm:max-w-[80%]">
        <span className="sr-only">You: </span>
        <p className="whitespace-pre-wrap break-words">{text}</p>
        {unsaved && <p className="mt-1 text-sm text-violet-100">{unsaved === "stopped" ? "Stopped before your twin answered — nothing was saved." : "Not saved — your twin did not answer."}</p>}
      </li>
    );
  }
  const meta = message.metadata;
  const saved = Boolean(meta?.messageId) && !unsaved;
  const sources = meta?.sources ?? [];
  return (
    <li data-testid="twin-message" data-role="twin" aria-busy={streaming || undefined} className="mr-auto max-w-[95%] rounded-2xl border border-stone-200 bg-white px-4 py-3 sm:max-w-[85%]">
      {meta?.aiNotice && <InlineAiNotice text={meta.aiNotice} />}
      <SpeakerLabel crisis={meta?.crisis} twinLabel="Your twin" />
      <p data-testid="twin-answer" className="mt-1 whitespace-pre-wrap break-words">
        {text}
        {streaming && <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-2 animate-pulse bg-stone-400 align-middle" />}
      </p>
      {unsaved && <p className="mt-2 text-sm font-medium text-amber-800">{unsavedNote[unsaved]}</p>}
      {saved && meta?.messageId && (
        <div className="mt-3 grid gap-2 border-t border-stone-100 pt-2 text-sm">
          {sources.length > 0 ? (
            <div>
              <p className="font-medium">Based on:</p>
              <SourceList sources={sources} label="Sources of this answer" />
            </div>
          ) : (
            <p className="text-muted">No memories used — your twin said it had nothing to go on.</p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <GroundingScore score={meta.authenticityScore} />
            <FeedbackButtons value={feedback} onChange={(next) => onFeedback(meta.messageId!, next)} />
          </div>
          {!meta.crisis && <ListenButton messageId={meta.messageId} text={text} speaker={speaker} />}
        </div>
      )}
    </li>
  );
}
