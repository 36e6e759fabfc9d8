import { useEffect, useRef } from "react";

interface Props {
  src: string;
  label: string;
  testId?: string;
  preload?: "none" | "metadata";
  /** Starts at once: the person pressed a button to hear it. */
  autoPlay?: boolean;
}

/**
 * A stored recording, played with the browser's own controls. A browser's MediaRecorder writes WebM without its
 * length, so the native player would say "0:00 / 0:00" and its bar could not be dragged. When the metadata carries no
 * finite length, the player is sent past the end once, which makes the browser measure the file, then back to the start.
 */
export function RecordingPlayer({ src, label, testId, preload = "metadata", autoPlay = false }: Props) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    let measuring = false;
    const measure = () => {
      if (Number.isFinite(audio.duration)) return;
      measuring = true;
      audio.currentTime = Number.MAX_SAFE_INTEGER;
    };
    const measured = () => {
      if (!measuring || !Number.isFinite(audio.duration)) return;
      measuring = false;
      audio.currentTime = 0;
      if (autoPlay) void audio.play().catch(() => undefined);
    };
    audio.addEventListener("loadedmetadata", measure);
    audio.addEventListener("durationchange", measured);
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) measure();
    return () => {
      audio.removeEventListener("loadedmetadata", measure);
      audio.removeEventListener("durationchange", measured);
    };
  }, [src, autoPlay]);
  return <audio ref={ref} controls preload={preload} autoPlay={autoPlay} src={src} aria-label={label} data-testid={testId} className="w-full" />;
}
