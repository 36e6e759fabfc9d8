import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SPEECH_TEXT_MAX, voiceCloneMessages } from "../../../contract/voice-options";
import { ApiError, fetchAudioFromApi } from "../../lib/api-client";
import { notifyError } from "../../lib/notify";
import { useSpeechPlayer, type SpeechPlayer } from "../../lib/use-speech-player";
import { newestReadyVoice, voiceProfilesQuery } from "../voice";

/**
 * How a chat's answers are heard: the server speaks a stored answer by its id (the owner's in their newest ready voice,
 * a contact's in the owner's voice as consent allows), and refuses anything that is not the twin's own answer.
 */
export interface AnswerSpeaker extends SpeechPlayer {
  /** The answer last asked to speak: its button shows the progress, the error or the missing-voice note. */
  activeId: string | null;
  /** True when the last request found no ready voice to speak with. */
  needsVoice: boolean;
  listen: (messageId: string) => Promise<void>;
}

/**
 * Speaks the owner's stored twin answers with their newest ready voice, through the same player as the clone test. The
 * voices are read when asked (at most 30 s old), so a clone that became ready after the page opened is used.
 */
export function useAnswerSpeaker(): AnswerSpeaker {
  const queryClient = useQueryClient();
  const player = useSpeechPlayer({ maxChars: SPEECH_TEXT_MAX });
  const [activeId, setActiveId] = useState<string | null>(null);
  const [needsVoice, setNeedsVoice] = useState(false);

  const listen = async (messageId: string) => {
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
    await player.play((signal) => fetchAudioFromApi("speakTwinAnswer", { voiceId }, { params: { id: messageId }, signal }));
  };

  return { ...player, activeId, needsVoice, listen };
}
