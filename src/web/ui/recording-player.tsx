import { useEffect, useRef } from "react";

interface Props {
  src: string;
  label: string;
  testId?: string;
  /** "none" (the default) loads nothing until played: a page of recordings fetches none of them on its own. */
  preload?: "none" | "metadata";
  /** Starts once the length is known: the person pressed a button to hear it. */
  playAtOnce?: boolean;
}

/**
 * A stored recording, played with the browser's own controls. A browser's MediaRecorder writes WebM without its
 * length, so the native player would say "0:00 / 0:00" and its bar could not be dragged. When the file's metadata
 * (loaded on play, or at once with `preload="metadata"`) carries no finite length, the player is sent past the end
 * once, which makes the browser measure the file, then back to the start, and plays on if it was playing.
 */
export function RecordingPlayer({ src, label, testId, preload = "none", playAtOnce = false }: Props) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    let measuring = false;
    let resume = playAtOnce;
    const ready = () => {
      if (resume) void audio.play().catch(() => undefined);
      resume = false;
    };
    const measure = () => {
      if (Number.isFinite(audio.duration)) return ready();
      measuring = true;
      resume ||= !audio.paused;
      audio.pause();
      audio.currentTime = Number.MAX_SAFE_INTEGER;
    };
    const measured = () => {
      if (!measuring || !Number.isFinite(audio.duration)) return;
      measuring = false;
      audio.currentTime = 0;
      ready();
    };
    audio.addEventListener("loadedmetadata", measure);
    audio.addEventListener("durationchange", measured);
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) measure();
    else if (playAtOnce) audio.load();
    return () => {
      audio.removeEventListener("loadedmetadata", measure);
      audio.removeEventListener("durationchange", measured);
    };
  }, [src, playAtOnce]);
  return <audio ref={ref} controls preload={playAtOnce ? "metadata" : preload} src={src} aria-label={label} data-testid={testId} className="w-full" />;
}
