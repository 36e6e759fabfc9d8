import { useState } from "react";
import { SPEECH_TEXT_MAX } from "../../../contract/voice-options";
import { fetchAudioFromApi } from "../../lib/api-client";
import { useSpeechPlayer } from "../../lib/use-speech-player";
import type { AnswerSpeaker } from "../twin";

/**
 * Speaks a visitor's stored twin answer in the owner's voice, through the same player as the owner's Listen: the server
 * speaks only answers from this visitor's own conversation, and only when the owner's consent reaches them, so no voice
 * is chosen here and none can be missing.
 */
export function useVisitorListen(contactId: string): AnswerSpeaker {
  // The text limit is speak()'s; this player only plays what the server spoke.
  const player = useSpeechPlayer({ maxChars: SPEECH_TEXT_MAX });
  const [activeId, setActiveId] = useState<string | null>(null);
  const listen = async (messageId: string) => {
    setActiveId(messageId);
    await player.play((signal) => fetchAudioFromApi("speakVisitorTwinAnswer", { messageId }, { params: { id: contactId }, signal }));
  };
  return { ...player, activeId, needsVoice: false, listen };
}
