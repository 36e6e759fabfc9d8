import { TranscriptionError, type Transcriber, type TranscriptionAudio } from "./transcriber";

export interface OpenAiTranscriptionSettings {
  /** Up to and including the API version, as for the language model: `https://api.openai.com/v1`, `http://localhost:8080/v1`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** ISO-639-1, when the speakers' language is known. */
  language?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const unavailable = "The transcription service could not be reached. Type your answer instead, or try again later.";

/**
 * `POST {base}/audio/transcriptions` (multipart: `file`, `model`, `response_format=json`, optional `language`), which
 * OpenAI, whisper.cpp's server and faster-whisper servers speak; answers `{"text": …}`.
 */
export function createOpenAiTranscriber(settings: OpenAiTranscriptionSettings): Transcriber {
  const doFetch = settings.fetch ?? fetch;
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/audio/transcriptions`;
  return {
    // Shown to people: the model, never the server's address.
    name: `${settings.model} (transcription service)`,
    async transcribe(audio: TranscriptionAudio, signal?: AbortSignal): Promise<string> {
      const form = new FormData();
      form.append("file", new Blob([await audio.webm()], { type: "audio/webm" }), "recording.webm");
      form.append("model", settings.model);
      form.append("response_format", "json");
      if (settings.language) form.append("language", settings.language);
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          body: form,
          headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (timeout.aborted || signal?.aborted) throw new TranscriptionError("Transcribing this recording took too long. Type your answer instead.", "timed out");
        throw new TranscriptionError(unavailable, error instanceof Error ? error.message : String(error));
      }
      const body = (await response.json().catch(() => null)) as { text?: unknown; error?: { message?: unknown } } | null;
      if (!response.ok) {
        const detail = `${response.status} ${typeof body?.error?.message === "string" ? body.error.message : response.statusText}`;
        if (response.status === 401 || response.status === 403) throw new TranscriptionError("The transcription service refused this server's key. Ask whoever runs Mindprint to check it.", detail);
        if (response.status === 429) throw new TranscriptionError("The transcription service is busy. Try again in a minute.", detail);
        if (response.status === 400 || response.status === 413 || response.status === 415) throw new TranscriptionError("The transcription service could not read this recording.", detail);
        throw new TranscriptionError(unavailable, detail);
      }
      if (typeof body?.text !== "string") throw new TranscriptionError(unavailable, "the answer had no text");
      return body.text.trim();
    },
  };
}
