import { useEffect, useRef, type ReactNode } from "react";
import { Spinner } from "../../../ui/spinner";
import { AiNoticeBanner } from "../ai-notice";
import { ChatMessage } from "./chat-message";
import { sentenceStart } from "./chat-words";
import type { TwinChatProps } from "./twin-chat";
import type { TwinStream } from "./use-twin-stream";

type Props = Pick<TwinChatProps, "twinName" | "ownerName" | "testIds" | "sourceHref" | "ownVoice" | "review" | "listen" | "intro"> & {
  stream: TwinStream;
  empty: ReactNode;
};

/**
 * The conversation, scrolled to its newest message as messages arrive and grow: the notice that the twin is an AI
 * first, then the twin's own introduction when it has one, then the questions and answers (or what an empty one shows).
 */
export function MessageList({ stream, twinName, ownerName, testIds, sourceHref, ownVoice, review, listen, intro, empty }: Props) {
  const listRef = useRef<HTMLDivElement>(null);
  const { messages, status, busy, unsaved, words } = stream;
  const last = messages.at(-1);

  // A new question shows at the end; a new answer is brought into view from its start (its label, a support message's
  // 988), not followed to its end as it streams. From sm up the conversation is its own scrolling box; on a phone it
  // is the page itself, with the composer fixed at the bottom (decision 0048). Opening the page moves nothing but the
  // box: the heading and the AI notice stay the first thing seen.
  const lastId = last?.id;
  const lastRole = last?.role;
  const seen = useRef<{ id: string | undefined } | null>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const boxed = list.scrollHeight > list.clientHeight && getComputedStyle(list).overflowY === "auto";
    const opened = seen.current === null;
    const isNew = !opened && seen.current!.id !== lastId;
    seen.current = { id: lastId };
    if (opened || !isNew) {
      // The history opens at its end inside the box; "thinking…" stays in view there while an answer is awaited.
      if (boxed && (opened || status === "submitted")) list.scrollTop = list.scrollHeight;
      return;
    }
    const item = list.querySelector<HTMLElement>("ol > li:last-child");
    if (!item) return;
    if (lastRole === "assistant") {
      if (boxed) list.scrollTop = item.offsetTop - 12;
      else item.scrollIntoView({ block: "start" });
    } else if (boxed) list.scrollTop = list.scrollHeight;
    else item.scrollIntoView({ block: "nearest" });
  }, [lastId, lastRole, status]);

  return (
    <div
      ref={listRef}
      role="region"
      aria-label={`Conversation with ${twinName}`}
      tabIndex={0}
      data-testid={`${testIds}-messages`}
      className="relative rounded-xl border border-stone-200 bg-stone-50 p-3 sm:max-h-[24rem] sm:overflow-y-auto sm:p-4"
    >
      <div className="mb-3">
        <AiNoticeBanner name={ownerName} />
      </div>
      {messages.length === 0 && !intro ? (
        empty
      ) : (
        <ol className="grid gap-3">
          {intro && (
            <li data-testid={`${testIds}-twin-intro`} className="mr-auto max-w-[95%] rounded-2xl border border-stone-200 bg-white px-4 py-3 sm:max-w-[85%]">
              <p className="text-sm font-medium text-brand-strong">{sentenceStart(twinName)}</p>
              <p className="mt-1">{intro}</p>
            </li>
          )}
          {messages.map((message) => (
            <ChatMessage
              key={message.id}
              message={message}
              streaming={busy && message === last && message.role === "assistant"}
              unsaved={unsaved[message.id]}
              twinName={twinName}
              ownerName={ownerName}
              testIds={testIds}
              words={words}
              sourceHref={sourceHref}
              ownVoice={ownVoice}
              review={review}
              listen={listen}
            />
          ))}
        </ol>
      )}
      {status === "submitted" && (
        <div className="mt-3">
          <Spinner label={`${sentenceStart(twinName)} is thinking…`} />
        </div>
      )}
    </div>
  );
}
