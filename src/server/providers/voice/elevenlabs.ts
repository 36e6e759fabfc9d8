// The ElevenLabs adapter: instant voice clone, text to speech, voice deletion over its REST API
// (../shared/contracts/elevenlabs.md). Errors become ElevenLabsError with a kind and a message a person can act on.

export type ElevenLabsErrorKind = "invalid_api_key" | "quota_exceeded" | "validation" | "busy" | "voice_not_found" | "unavailable";

export class ElevenLabsError extends Error {
  constructor(
    readonly kind: ElevenLabsErrorKind,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ElevenLabsError";
  }
}

export interface ElevenLabsSettings {
  apiKey: string;
  /** https://api.elevenlabs.io by default; a local server in tests. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface CloneFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

type Detail = { status?: string; message?: string } | Array<{ loc?: unknown[]; msg?: string; type?: string }> | string | undefined;

/** The vendor's error body (`{"detail": …}`) as one of our kinds, with its own message kept for the log. */
export async function toElevenLabsError(response: Response): Promise<ElevenLabsError> {
  const body = (await response.json().catch(() => null)) as { detail?: Detail } | null;
  const detail = body?.detail;
  if (Array.isArray(detail)) {
    const messages = detail.map((d) => d.msg).filter(Boolean).join("; ");
    return new ElevenLabsError("validation", `The voice service refused the request: ${messages || "invalid input"}.`, response.status);
  }
  const status = typeof detail === "object" && detail ? detail.status : undefined;
  const vendor = typeof detail === "object" && detail ? detail.message : typeof detail === "string" ? detail : undefined;
  if (status === "quota_exceeded") return new ElevenLabsError("quota_exceeded", "The voice service quota is used up for this period. Voice cloning and speech resume when it renews.", response.status);
  if (response.status === 401 || status === "invalid_api_key") return new ElevenLabsError("invalid_api_key", "The voice service rejected the API key. The server's ELEVENLABS_API_KEY needs checking.", response.status);
  if (response.status === 429) return new ElevenLabsError("busy", "The voice service is busy (too many requests at once). Please try again in a minute.", response.status);
  if (status === "voice_not_found" || response.status === 404) return new ElevenLabsError("voice_not_found", "The voice service no longer has this voice.", response.status);
  return new ElevenLabsError("unavailable", `The voice service could not do this right now${vendor ? ` (${vendor})` : ""}.`, response.status);
}

export function createElevenLabsClient(settings: ElevenLabsSettings) {
  const call = settings.fetch ?? fetch;
  const url = (path: string) => `${settings.baseUrl.replace(/\/$/, "")}${path}`;
  const send = async (path: string, init: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await call(url(path), { ...init, headers: { ...(init.headers as Record<string, string>), "xi-api-key": settings.apiKey }, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch {
      throw new ElevenLabsError("unavailable", "Network error: Unable to connect to voice service. Please check your internet connection.", 0);
    }
    if (!response.ok) throw await toElevenLabsError(response);
    return response;
  };

  return {
    /** POST /v1/voices/add: an instant clone from the owner's recordings; answers the vendor's voice id. */
    async addVoice(input: { name: string; description?: string | null; files: CloneFile[] }): Promise<string> {
      const form = new FormData();
      form.append("name", input.name);
      if (input.description) form.append("description", input.description);
      for (const file of input.files) form.append("files", new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.filename);
      const response = await send("/v1/voices/add", { method: "POST", body: form });
      const body = (await response.json()) as { voice_id?: string };
      if (!body.voice_id) throw new ElevenLabsError("unavailable", "The voice service answered without a voice id.", response.status);
      return body.voice_id;
    },
    /** POST /v1/text-to-speech/{voice_id}: MP3 bytes of the text spoken in that voice. */
    async textToSpeech(voiceId: string, text: string, modelId = "eleven_multilingual_v2"): Promise<{ audio: Uint8Array; contentType: string }> {
      const response = await send(`/v1/text-to-speech/${encodeURIComponent(voiceId)}?output_format=mp3_44100_128`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "audio/mpeg" },
        body: JSON.stringify({ text, model_id: modelId }),
      });
      const audio = new Uint8Array(await response.arrayBuffer());
      if (audio.length === 0) throw new ElevenLabsError("unavailable", "No audio data returned.", response.status);
      return { audio, contentType: response.headers.get("content-type") ?? "audio/mpeg" };
    },
    /** DELETE /v1/voices/{voice_id}; a voice the vendor no longer has counts as deleted. */
    async deleteVoice(voiceId: string): Promise<void> {
      try {
        await send(`/v1/voices/${encodeURIComponent(voiceId)}`, { method: "DELETE" });
      } catch (error) {
        if (error instanceof ElevenLabsError && error.kind === "voice_not_found") return;
        throw error;
      }
    },
  };
}
export type ElevenLabsClient = ReturnType<typeof createElevenLabsClient>;
