import type { ReactNode } from "react";
import type { TwinMessage } from "../../../../contract/twin";
import type { TwinFeedback } from "../../../../contract/twin-options";
import { AiVoicePlayer } from "../../../ui/ai-voice-label";
import type { AnswerSpeaker } from "../use-answer-speaker";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import type { OwnVoice } from "./own-voice";
import { sendFailureText } from "./send-failure";
import { useTwinStream } from "./use-twin-stream";

/** The owner reviews their twin's answers: thumbs up or down on each (kept), with its grounding score beside them. */
export interface ChatReview {
  valueOf: (messageId: string) => TwinFeedback | null;
  give: (messageId: string, next: TwinFeedback | null) => void;
}

/** How answers are heard: the speaker, whose voice it is (for the button's words) and the player's label. */
export interface ChatListen {
  speaker: AnswerSpeaker;
  /** "Edith's": said after "Listen to this answer in … voice"; null for the owner's own voice. */
  inWhoseVoice: string | null;
  audioLabel: string;
}

export interface TwinChatProps {
  /** The chat state's id: one per conversation. */
  id: string;
  /** The answer stream questions go to (the owner's, a contact's or a memorial's; one wire format). */
  api: string;
  /** Who answers, as said inside a sentence: "your twin", "Edith's twin". */
  twinName: string;
  /** Whose twin it is, for the AI notice: null for the owner's own. */
  ownerName: string | null;
  /** The stem of the test ids: "twin" for the owner's chat, "visitor" for a contact's or a memorial's. */
  testIds: "twin" | "visitor";
  /** The stored conversation it starts from; a memorial keeps none. */
  history?: TwinMessage[];
  /** Whether answers are kept, for what a stop or a failure says. */
  keeps: boolean;
  /** Where a cited memory is read. */
  sourceHref: (memoryId: string) => string;
  /** Where the owner's own recording of a cited memory is heard, for a reader the owner let hear it. */
  ownVoice?: OwnVoice;
  /** Under the box: how to send, and who sees the conversation. */
  hint: string;
  placeholder?: string;
  /** The twin's own first words, shown as its first message. */
  intro?: string;
  /** What an empty conversation shows, when the twin has no introduction. */
  empty?: ReactNode;
  /** The owner's thumbs and grounding scores; none for visitors. */
  review?: ChatReview;
  /** Listen on each saved answer; none where answers cannot be heard. */
  listen?: ChatListen;
  /** Why answers cannot be heard here (the owner's consent, no trained voice). */
  voiceNote?: string | null;
  /** Why the twin answers nothing now (paused or retired), with the executor's words: shown instead of the box. */
  unavailable?: { reason: string; executorMessage: string | null } | null;
  /** After an answer is stored (the owner's status card counts it). */
  onAnswered?: () => void;
}

/**
 * The one conversation with a twin, for its owner, a legacy contact and a memorial's visitor: the AI notice, the
 * stored conversation, then new questions answered token by token with what each answer was based on. The three
 * differ only by what they are given (decision 0042).
 */
export function TwinChat(props: TwinChatProps) {
  const { id, api, twinName, ownerName, testIds, history = [], keeps, sourceHref, ownVoice, hint, placeholder, intro, empty, review, listen, voiceNote, unavailable, onAnswered } = props;
  const stream = useTwinStream({ id, api, history, twinName, keeps, onAnswered });
  const speaker = listen?.speaker;
  return (
    <div className="grid gap-4">
      <MessageList stream={stream} twinName={twinName} ownerName={ownerName} testIds={testIds} sourceHref={sourceHref} ownVoice={ownVoice} review={review} listen={listen} intro={intro} empty={empty} />
      <p aria-live="polite" className="sr-only">
        {stream.announcement}
      </p>
      {listen && speaker && (
        <>
          {/* One element for every spoken answer; its controls appear once it holds audio, to pause or hear it again. */}
          <AiVoicePlayer shown={speaker.hasAudio}>
            <audio {...speaker.audioProps} data-testid={`${testIds}-answer-audio`} aria-label={listen.audioLabel} controls={speaker.hasAudio} className={speaker.hasAudio ? "w-full" : "hidden"} />
          </AiVoicePlayer>
          <p aria-live="polite" className="sr-only">
            {speaker.error ? "" : speaker.announcement}
          </p>
        </>
      )}
      {voiceNote && (
        <p className="text-sm text-muted" data-testid={`${testIds}-no-voice`}>
          {voiceNote}
        </p>
      )}
      {stream.error && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
          {sendFailureText(stream.error)}
        </p>
      )}
      <Composer stream={stream} twinName={twinName} testIds={testIds} hint={hint} placeholder={placeholder} unavailable={unavailable} />
    </div>
  );
}
