import type { TwinFeedback, TwinSourceRef } from "../../../../contract/twin-options";
import { CheckIn, InlineAiNotice, SpeakerLabel } from "../ai-notice";
import { FeedbackButtons } from "../feedback-buttons";
import { ListenButton } from "../listen-button";
import { GroundingScore, SourceList } from "../source-list";
import { textOf, type TwinUIMessage } from "../twin-ui-message";
import { sentenceStart, type Unsaved, type unsavedWords } from "./chat-words";
import { OwnVoiceRecordings, type OwnVoice } from "./own-voice";
import type { ChatListen, ChatReview } from "./twin-chat";

interface Props {
  message: TwinUIMessage;
  streaming: boolean;
  unsaved: Unsaved | undefined;
  twinName: string;
  /** Whose memories the twin speaks from; null on the owner's own twin ("your memories"). */
  ownerName: string | null;
  testIds: string;
  words: ReturnType<typeof unsavedWords>;
  sourceHref: (memoryId: string) => string;
  ownVoice: OwnVoice | undefined;
  review: ChatReview | undefined;
  listen: ChatListen | undefined;
}

/** A question, or an answer with what it was based on (and, as the chat allows, its score, thumbs and Listen). */
export function ChatMessage({ message, streaming, unsaved, twinName, ownerName, testIds, words, sourceHref, ownVoice, review, listen }: Props) {
  const text = textOf(message);
  if (message.role === "user") {
    return (
      <li data-testid={`${testIds}-message`} data-role="user" className="ml-auto max-w-[90%] rounded-2xl bg-brand px-4 py-2.5 text-white sm:max-w-[80%]">
        <span className="sr-only">You: </span>
        <p className="whitespace-pre-wrap break-words">{text}</p>
        {unsaved && <p className="mt-1 text-sm text-violet-100">{words.question(unsaved)}</p>}
      </li>
    );
  }
  const meta = message.metadata;
  const messageId = unsaved ? undefined : meta?.messageId;
  return (
    <li data-testid={`${testIds}-message`} data-role="twin" aria-busy={streaming || undefined} className="mr-auto max-w-[95%] rounded-2xl border border-stone-200 bg-white px-4 py-3 sm:max-w-[85%]">
      {meta?.aiNotice && <InlineAiNotice text={meta.aiNotice} />}
      {meta?.checkIn && <CheckIn text={meta.checkIn} />}
      <SpeakerLabel kind={meta?.kind} twinLabel={sentenceStart(twinName)} />
      <p data-testid={`${testIds}-answer`} className="mt-1 whitespace-pre-wrap break-words">
        {text}
        {streaming && <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-2 animate-pulse bg-stone-400 align-middle" />}
      </p>
      {unsaved && <p className="mt-2 text-sm font-medium text-amber-800">{words.answer(unsaved)}</p>}
      {/* Only the twin's own answer has sources, a rating and Listen: a message Mindprint gave instead has none. */}
      {messageId && meta?.kind === "answer" && (
        <AnswerFooter
          messageId={messageId}
          sources={meta.sources ?? []}
          score={meta.authenticityScore}
          whose={ownerName ? `${ownerName}'s` : "your"}
          sourceHref={sourceHref}
          ownVoice={ownVoice}
          review={review}
          listen={listen}
        />
      )}
    </li>
  );
}

interface FooterProps {
  messageId: string;
  sources: TwinSourceRef[];
  score: number | null | undefined;
  /** "your" or "Philippa's": whose memories an answer without sources is not from. */
  whose: string;
  sourceHref: (memoryId: string) => string;
  ownVoice: OwnVoice | undefined;
  review: ChatReview | undefined;
  listen: ChatListen | undefined;
}

/**
 * Under a saved twin answer: its sources, or that it is not from the person's memories; for the owner its grounding
 * and thumbs; Listen where answers can be heard.
 */
function AnswerFooter({ messageId, sources, score, whose, sourceHref, ownVoice, review, listen }: FooterProps) {
  const feedback: TwinFeedback | null = review?.valueOf(messageId) ?? null;
  return (
    <div className="mt-3 grid gap-2 border-t border-stone-100 pt-2 text-sm">
      {sources.length > 0 ? (
        <div>
          <p className="font-medium">Based on:</p>
          <SourceList sources={sources} label="Sources of this answer" href={sourceHref} />
        </div>
      ) : (
        // A decline, or a model's answer that cited nothing it was given: either way, not something the person recorded.
        <p data-testid="answer-not-from-memories" className="text-muted">
          Not from {whose} memories.
        </p>
      )}
      {review && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <GroundingScore score={score} />
          <FeedbackButtons value={feedback} onChange={(next) => review.give(messageId, next)} />
        </div>
      )}
      {ownVoice && <OwnVoiceRecordings sources={sources} ownVoice={ownVoice} />}
      {listen && <ListenButton messageId={messageId} speaker={listen.speaker} inWhoseVoice={listen.inWhoseVoice} />}
    </div>
  );
}
