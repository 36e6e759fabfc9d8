import { useCallback, useEffect, useRef, useState, type AudioHTMLAttributes, type RefObject } from "react";
import { REPLAY_COOLDOWN_MS, voiceCloneMessages } from "../../contract/voice-options";
import { ApiError, fetchAudioFromApi } from "./api-client";
import { notifyError } from "./notify";

export type SpeechStatus = "idle" | "loading" | "playing";

export interface SpeechPlayer {
  status: SpeechStatus;
  /** What went wrong last, in the spec's words (section 8, Playback); null after a good start. */
  error: string | null;
  /** True once the element holds audio (it can then show its own controls to hear it again). */
  hasAudio: boolean;
  /** A short line for an aria-live region: loading, playing, finished, or the error. */
  announcement: string;
  /** Speaks `text` (cut to `maxChars`) with the engine voice `voiceId`. Resolves once playback started or failed. */
  speak: (text: string, voiceId: string) => Promise<void>;
  /** Plays audio another endpoint speaks (a visitor's answer in the owner's voice), with the same states and failures. */
  play: (load: (signal: AbortSignal) => Promise<Blob>) => Promise<void>;
  /** Spread onto the one `<audio>` element the player drives (it stays in the DOM, so its duration can be read). */
  audioProps: AudioHTMLAttributes<HTMLAudioElement> & { ref: RefObject<HTMLAudioElement | null> };
}

/** A failure with its toast title; the message is what the page shows inline. */
class PlaybackProblem extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

/** A speech request's failure in the spec's words: unreachable server, the server's own message, or the browser's refusal. */
function problemOf(error: unknown): PlaybackProblem {
  if (error instanceof PlaybackProblem) return error;
  if (error instanceof ApiError) {
    if (error.code === "offline") return new PlaybackProblem("Playback Failed", voiceCloneMessages.networkError);
    return new PlaybackProblem("Playback Failed", voiceCloneMessages.playbackFailed(error.message || voiceCloneMessages.playbackDefault));
  }
  if (error instanceof DOMException) {
    if (error.name === "NotAllowedError") return new PlaybackProblem("Playback Failed", voiceCloneMessages.playbackBlocked);
    if (error.name === "NotSupportedError") return new PlaybackProblem("Playback Failed", voiceCloneMessages.formatNotSupported);
  }
  return new PlaybackProblem("Playback error", voiceCloneMessages.failedToPlay);
}

/**
 * Text to speech through `synthesizeSpeech` (or audio another endpoint speaks), played in one audio element: the voice
 * clone's test card and every twin chat's Listen share it, so all map failures the same way. A new start within
 * REPLAY_COOLDOWN_MS of the last one is refused (the engine is slow and may be billed per character); an unmount or a
 * newer request aborts the fetch.
 */
export function useSpeechPlayer({ maxChars }: { maxChars: number }): SpeechPlayer {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const urlRef = useRef<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const lastStartRef = useRef(0);
  const [status, setStatus] = useState<SpeechStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [hasAudio, setHasAudio] = useState(false);

  const fail = useCallback((problem: PlaybackProblem) => {
    setStatus("idle");
    setError(problem.message);
    setAnnouncement(problem.message);
    notifyError(problem.title, problem.message);
  }, []);

  // The object URL lives as long as the element shows it; the fetch does not outlive the page.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const play = useCallback(
    async (load: (signal: AbortSignal) => Promise<Blob>) => {
      if (status !== "idle") return;
      const now = Date.now();
      if (now - lastStartRef.current < REPLAY_COOLDOWN_MS) {
        setError(voiceCloneMessages.replayCooldown);
        setAnnouncement(voiceCloneMessages.replayCooldown);
        return;
      }
      lastStartRef.current = now;
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      setStatus("loading");
      setError(null);
      setAnnouncement("Preparing the audio…");
      try {
        const blob = await load(controller.signal);
        if (blob.size === 0) throw new PlaybackProblem("Playback Failed", voiceCloneMessages.emptyAudio);
        if (!blob.type.startsWith("audio/")) throw new PlaybackProblem("Playback Failed", voiceCloneMessages.unexpectedFormat);
        const audio = audioRef.current;
        if (!audio) throw new PlaybackProblem("Playback error", voiceCloneMessages.failedToPlay);
        if (urlRef.current) URL.revokeObjectURL(urlRef.current);
        urlRef.current = URL.createObjectURL(blob);
        audio.src = urlRef.current;
        setHasAudio(true);
        await audio.play();
        setStatus("playing");
        setAnnouncement("Playing.");
      } catch (caught) {
        if (controller.signal.aborted) return;
        fail(problemOf(caught));
      }
    },
    [fail, status],
  );

  const speak = useCallback(
    async (text: string, voiceId: string) => {
      if (text.trim().length === 0) return fail(new PlaybackProblem("No Text Provided", voiceCloneMessages.textRequired));
      await play((signal) => fetchAudioFromApi("synthesizeSpeech", { text: text.slice(0, maxChars), voiceId }, { signal }));
    },
    [fail, maxChars, play],
  );

  const audioProps: SpeechPlayer["audioProps"] = {
    ref: audioRef,
    onEnded: () => {
      setStatus("idle");
      setAnnouncement("Finished playing.");
    },
    onPause: () => setStatus((s) => (s === "playing" ? "idle" : s)),
    onPlay: () => setStatus("playing"),
    // Bytes that stop decoding mid-way arrive here; before playback started, play()'s rejection already reported it.
    onError: () => {
      if (status !== "playing") return;
      const code = audioRef.current?.error?.code;
      fail(new PlaybackProblem("Playback Failed", code === MediaError.MEDIA_ERR_NETWORK ? voiceCloneMessages.networkError : voiceCloneMessages.formatNotSupported));
    },
  };

  return { status, error, hasAudio, announcement, speak, play, audioProps };
}
