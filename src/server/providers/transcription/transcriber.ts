/** One recording, readable in the two forms transcription engines take. */
export interface TranscriptionAudio {
  /** The stored file as recorded (WebM/Opus), for a service that decodes it itself. */
  webm(): Promise<Uint8Array<ArrayBuffer>>;
  /** The decoded audio, mono 16-bit PCM at 16 kHz, for an engine that needs raw samples. */
  pcm16k(): Promise<Int16Array>;
}

/** Turns speech into text: the words the engine heard, or "" when it heard none. */
export interface Transcriber {
  /** Said to the person ("Whisper, offline, English", "whisper-1 at api.example.com"). */
  readonly name: string;
  transcribe(audio: TranscriptionAudio, signal?: AbortSignal): Promise<string>;
  /** The text with the indexes of its words the engine was least sure of, for an engine that can say (Whisper). */
  read?(audio: TranscriptionAudio, signal?: AbortSignal): Promise<{ text: string; doubtful: number[] }>;
}

/** A transcription that failed, with a message a person can act on (the vendor's own text goes to the log). */
export class TranscriptionError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = "TranscriptionError";
  }
}
