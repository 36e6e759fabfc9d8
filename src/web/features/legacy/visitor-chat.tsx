import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { Send, Square, Volume2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { VisitorTwin } from "../../../contract/legacy";
import { TWIN_MESSAGE_MAX, twinMessages } from "../../../contract/twin-options";
import { notifyError } from "../../lib/notify";
import { AiVoicePlayer } from "../../ui/ai-voice-label";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { AiNoticeBanner, enterSends, InlineAiNotice, lastUserText, SpeakerLabel, textOf, toUIMessage, type TwinUIMessage } from "../twin";
import { useVisitorListen } from "./visitor-listen";

/** The server's own words for a refused question (the transport hands over the error body as the message). */
function refusalOf(error: Error): string {
  try {
    const parsed = JSON.parse(error.message) as { error?: { message?: string } };
    if (parsed.error?.message) return parsed.error.message;
  } catch {
    // Not an error envelope: a broken stream.
  }
  return twinMessages.sendFailed;
}


/** Where a conversation with a released twin happens: a contact's own (stored, voice allowed) or a public memorial's. */
export interface ChatPlace {
  /** The conversation's id in the chat state. */
  id: string;
  /** The streaming endpoint questions go to. */
  api: string;
  /** Where a cited memory is read. */
  sourceHref: (memoryId: string) => string;
  /** Under the box: how to send, and who sees the conversation. */
  hint: string;
  /** The contact row, for hearing answers in the owner's voice; none on a memorial. */
  contactId?: string;
  /** Whether answers are kept (a contact's conversation) or not (a memorial), for what a failure or a stop says. */
  keeps: boolean;
}

/**
 * A conversation with the released twin of someone: its honest introduction first, then the visitor's own stored
 * conversation (a contact's; a memorial keeps none), then new questions answered token by token. Sources link to
 * what the visitor may read; when the twin is paused or retired the page says why and asks nothing.
 */
export function VisitorChat({ place, twin }: { place: ChatPlace; twin: Omit<VisitorTwin, "messages" | "voice"> & Partial<Pick<VisitorTwin, "messages" | "voice">> }) {
  const [initialMessages] = useState(() => (twin.messages ?? []).map(toUIMessage));
  const voice = twin.voice ?? { available: false, reason: null };
  const [input, setInput] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const speaker = useVisitorListen(place.contactId ?? "");
  const transport = useMemo(
    () =>
      new DefaultChatTransport<TwinUIMessage>({
        api: place.api,
        credentials: "same-origin",
        prepareSendMessagesRequest: ({ messages }) => ({ body: { text: lastUserText(messages) } }),
      }),
    [place.api],
  );
  const { messages, sendMessage, status, stop, error, clearError } = useChat<TwinUIMessage>({
    id: place.id,
    messages: initialMessages,
    transport,
    onError: () => notifyError(twinMessages.responseFailed, place.keeps ? "Nothing was saved. Please try again." : "Please try again."),
    onFinish: ({ isAbort, isError, messages: all }) => {
      setAnnouncement(isAbort ? (place.keeps ? "Stopped — this answer was not saved." : "Stopped.") : isError ? "" : `${twin.ownerName}'s twin answered.`);
      if (isAbort || isError) setInput((current) => current || lastUserText(all));
    },
  });
  const busy = status === "submitted" || status === "streaming";
  const name = twin.ownerName;

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, status]);

  const send = () => {
    const text = input.trim();
    if (!text || busy) return;
    clearError();
    setInput("");
    void sendMessage({ text });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = enterSends(send);

  return (
    <div className="grid gap-4">
      <div ref={listRef} role="region" aria-label={`Conversation with ${name}'s twin`} tabIndex={0} className="relative max-h-[28rem] overflow-y-auto rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4">
        <ol className="grid gap-3">
          <li>
            <AiNoticeBanner name={name} />
          </li>
          <li data-testid="visitor-twin-intro" className="mr-auto max-w-[95%] rounded-2xl border border-stone-200 bg-white px-4 py-3 sm:max-w-[85%]">
            <p className="text-sm font-medium text-brand-strong">{name}'s twin</p>
            <p className="mt-1">{twin.intro}</p>
          </li>
          {messages.map((message) =>
            message.role === "user" ? (
              <li key={message.id} data-testid="visitor-message" data-role="user" className="ml-auto max-w-[90%] rounded-2xl bg-brand px-4 py-2.5 text-white sm:max-w-[80%]">
                <span className="sr-only">You: </span>
                <p className="whitespace-pre-wrap break-words">{textOf(message)}</p>
              </li>
            ) : (
              <li key={message.id} data-testid="visitor-message" data-role="twin" className="mr-auto max-w-[95%] rounded-2xl border border-stone-200 bg-white px-4 py-3 sm:max-w-[85%]">
                {message.metadata?.aiNotice && <InlineAiNotice text={message.metadata.aiNotice} />}
                <SpeakerLabel crisis={message.metadata?.crisis} twinLabel={`${name}'s twin`} />
                <p className="mt-1 whitespace-pre-wrap break-words">{textOf(message)}</p>
                {voice.available && place.contactId && message.metadata?.messageId && !message.metadata.crisis && (
                  <div className="mt-2">
                    <Button
                      variant="secondary"
                      className="min-h-11 px-3 py-2 text-sm"
                      disabled={speaker.loading}
                      onClick={() => void speaker.listen(message.metadata!.messageId!)}
                    >
                      <Volume2 aria-hidden="true" className="h-4 w-4" />
                      {speaker.loading && speaker.activeId === message.metadata.messageId ? "Preparing…" : <>Listen<span className="sr-only"> to this answer in {name}'s voice</span></>}
                    </Button>
                    {speaker.error && speaker.activeId === message.metadata.messageId && (
                      <p role="alert" className="mt-1 text-sm text-red-800">
                        {speaker.error}
                      </p>
                    )}
                  </div>
                )}
                {(message.metadata?.sources?.length ?? 0) > 0 && (
                  <div className="mt-2 border-t border-stone-100 pt-2 text-sm">
                    <p className="font-medium">Based on:</p>
                    <ul aria-label="Sources of this answer" className="mt-1 grid gap-1">
                      {message.metadata!.sources!.map((s) => (
                        <li key={s.id} className="break-words">
                          {s.available ? (
                            <Link to={place.sourceHref(s.id)} className="font-medium text-brand-strong underline underline-offset-2">
                              {s.label}
                            </Link>
                          ) : (
                            <span className="text-muted">{s.label}</span>
                          )}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </li>
            ),
          )}
        </ol>
        {status === "submitted" && (
          <div className="mt-3">
            <Spinner label={`${name}'s twin is thinking…`} />
          </div>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {place.contactId && (
        <AiVoicePlayer shown={speaker.hasAudio}>
          <audio ref={speaker.audioRef} controls={speaker.hasAudio} data-testid="visitor-answer-audio" aria-label={`${name}'s voice`} className={speaker.hasAudio ? "w-full" : "hidden"} />
        </AiVoicePlayer>
      )}
      {!voice.available && voice.reason && (
        <p className="text-sm text-muted" data-testid="visitor-no-voice">
          {voice.reason}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
          {refusalOf(error)}
        </p>
      )}
      {twin.unavailable ? (
        <div role="status" className="grid gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950" data-testid="visitor-twin-unavailable">
          <p>{twin.unavailable}</p>
          {twin.executorMessage && <p className="[overflow-wrap:anywhere]">Their executor wrote: “{twin.executorMessage}”</p>}
        </div>
      ) : (
        <form onSubmit={onSubmit} className="grid gap-2">
          <label htmlFor="visitor-message" className="font-medium">
            Message {name}'s twin
          </label>
          <textarea
            id="visitor-message"
            rows={3}
            maxLength={TWIN_MESSAGE_MAX}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby="visitor-message-hint"
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5"
          />
          <p id="visitor-message-hint" className="text-sm text-muted">
            {place.hint}
          </p>
          <div className="flex flex-wrap gap-2">
            {busy && (
              <Button type="button" variant="secondary" onClick={() => void stop()}>
                <Square aria-hidden="true" className="h-4 w-4" />
                Stop
              </Button>
            )}
            <Button type="submit" disabled={!input.trim() || busy}>
              <Send aria-hidden="true" className="h-4 w-4" />
              Send
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
