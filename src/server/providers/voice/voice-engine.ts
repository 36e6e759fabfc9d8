import type { Storage } from "../../platform/storage/storage";

/** One of the owner's recordings as the engines see it: a stored WebM/Opus file. */
export interface TrainingRecording {
  storageKey: string;
  filename: string;
  durationSeconds: number;
}

/** What training produced: the engine's voice id, what the engine needs to speak again, and the measured likeness. */
export interface TrainedVoice {
  voiceId: string;
  /** The local engine's fitted settings; null where the vendor keeps the voice. */
  settings: Record<string, unknown> | null;
  /** 0 to 1, measured; null when the engine gives us nothing to measure. */
  similarity: number | null;
}

export interface SpokenAudio {
  audio: Uint8Array;
  contentType: string;
}

/** A voice-cloning engine: the offline one or ElevenLabs. One interface, one file per engine. */
export interface VoiceEngine {
  provider: "local" | "elevenlabs";
  /** True when the result is an approximation of the voice rather than a neural clone; the page says so. */
  approximation: boolean;
  /** A sentence for the page: what this engine does with the recordings. */
  description: string;
  train(input: { name: string; description: string | null; recordings: TrainingRecording[]; storage: Storage }): Promise<TrainedVoice>;
  speak(voice: { voiceId: string; settings: unknown }, text: string): Promise<SpokenAudio>;
  /** Deletes the voice wherever the engine keeps it (nothing to do for the local engine). */
  remove(voiceId: string): Promise<void>;
}

/**
 * Failure of an engine. `retryable` failures (busy, unreachable) are tried again by the job queue; the others
 * (bad key, quota, refused input, nothing to learn from) end training with the message.
 */
export class VoiceEngineError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "VoiceEngineError";
  }
}
