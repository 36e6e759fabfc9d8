import { useEffect, useRef, useState } from "react";
import { fetchAudioFromApi, messageOf } from "../../lib/api-client";

/**
 * Plays a visitor's stored twin answer in the owner's voice through one <audio> element: the server speaks only
 * answers from this visitor's own conversation, and only when the owner's consent reaches them.
 */
export function useVisitorListen(contactId: string) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const urlRef = useRef<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hasAudio, setHasAudio] = useState(false);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const listen = async (messageId: string) => {
    setActiveId(messageId);
    setError(null);
    setLoading(true);
    try {
      const blob = await fetchAudioFromApi("speakVisitorTwinAnswer", { messageId }, { params: { id: contactId } });
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = URL.createObjectURL(blob);
      const audio = audioRef.current!;
      audio.src = urlRef.current;
      setHasAudio(true);
      await audio.play();
    } catch (failure) {
      setError(messageOf(failure, "The answer could not be played."));
    } finally {
      setLoading(false);
    }
  };
  return { audioRef, activeId, loading, error, hasAudio, listen };
}
