import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SPEECH_TEXT_MAX, voiceCloneMessages } from "../../../contract/voice-options";
import { ApiError } from "../../lib/api-client";
import { notifyError } from "../../lib/notify";
import { useSpeechPlayer, type SpeechPlayer } from "../../lib/use-speech-player";
import { newestReadyVoice, voiceProfilesQuery } from "../voice";

/** How a chat's answers are heard: the owner's in their newest ready voice, a contact's through the server's own speech. */
export interface AnswerSpeaker extends SpeechPlayer {
  /** The answer last asked to speak: its button shows the progress, the error or the missing-voice note. */
  activeId: string | null;
  /** True when the last request found no ready voice to speak with. */
  needsVoice: boolean;
  listen: (messageId: string, text: string) => Promise<void>;
}

// Citation markers like [2] point at the sources list; read aloud they are noise.
const speakable = (text: string) => text.replace(/\s?\[\d+\]/g, "");

/**
 * Speaks twin answers with the person's newest ready voice, through the same player as the clone test. The voices are
 * read when asked (at most 30 s old), so a clone that became ready after the page opened is used.
 */
export function useAnswerSpeaker(): AnswerSpeaker {
  const queryClient = useQueryClient();
  const player = useSpeechPlayer({ maxChars: SPEECH_TEXT_MAX });
  const [activeId, setActiveId] = useState<string | null>(null);
  const [needsVoice, setNeedsVoice] = useState(false);

  const listen = async (messageId: string, text: string) => {
    setActiveId(messageId);
    setNeedsVoice(false);
    let voiceId: string | null | undefined;
    try {
      voiceId = newestReadyVoice(await queryClient.fetchQuery({ ...voiceProfilesQuery, staleTime: 30_000 }))?.voiceId;
    } catch (error) {
      const offline = !(error instanceof ApiError) || error.code === "offline";
      notifyError("Error Loading Voices", offline ? voiceCloneMessages.networkError : error.message);
      return;
    }
    if (!voiceId) return setNeedsVoice(true);
    await player.speak(speakable(text), voiceId);
  };

  return { ...player, activeId, needsVoice, listen };
}
