import multipart from "@fastify/multipart";
import Fastify from "fastify";

// A local stand-in for ElevenLabs that follows ../shared/contracts/elevenlabs.md: paths, multipart fields, the
// xi-api-key header, response bodies and the vendor's error shapes. Tests script failures with `failNext`.

export interface FakeElevenLabs {
  baseUrl: string;
  /** Voices created and not deleted: id → name, description and the uploaded files. */
  voices: Map<string, { name: string; description: string | null; files: Array<{ filename: string; bytes: number; contentType: string }> }>;
  /** Every text-to-speech request body, in order. */
  speech: Array<{ voiceId: string; text: string; modelId: string | null }>;
  /** The next request answers with this vendor error instead. */
  failNext(kind: "quota_exceeded" | "invalid_api_key" | "too_many_concurrent_requests" | "system_busy"): void;
  stop(): Promise<void>;
}

// A few bytes that begin like an MPEG audio frame; the adapter only passes the bytes on.
const FAKE_MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413, 0x55)]);

export async function startFakeElevenLabs(apiKey: string): Promise<FakeElevenLabs> {
  const app = Fastify();
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 25 } });
  const voices: FakeElevenLabs["voices"] = new Map();
  const speech: FakeElevenLabs["speech"] = [];
  let pending: Parameters<FakeElevenLabs["failNext"]>[0] | null = null;
  let counter = 0;

  app.addHook("onRequest", async (request, reply) => {
    if (request.headers["xi-api-key"] !== apiKey) {
      return reply.status(401).send({ detail: { status: "invalid_api_key", message: "Invalid API key" } });
    }
    if (pending) {
      const kind = pending;
      pending = null;
      if (kind === "quota_exceeded") return reply.status(401).send({ detail: { status: "quota_exceeded", message: "This request exceeds your quota of 10000." } });
      if (kind === "invalid_api_key") return reply.status(401).send({ detail: { status: "invalid_api_key", message: "Invalid API key" } });
      return reply
        .status(429)
        .header("current-concurrent-requests", "3")
        .header("maximum-concurrent-requests", "2")
        .send({ detail: { status: kind, message: kind === "system_busy" ? "The system is busy." : "Too many concurrent requests." } });
    }
  });

  app.post("/v1/voices/add", async (request, reply) => {
    let name: string | null = null;
    let description: string | null = null;
    const files: Array<{ filename: string; bytes: number; contentType: string }> = [];
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "files") continue;
        const bytes = (await part.toBuffer()).length;
        files.push({ filename: part.filename, bytes, contentType: part.mimetype });
      } else if (part.fieldname === "name") name = String(part.value);
      else if (part.fieldname === "description") description = String(part.value);
    }
    const missing = [...(!name ? [{ loc: ["body", "name"], msg: "Field required", type: "missing" }] : []), ...(files.length === 0 ? [{ loc: ["body", "files"], msg: "Field required", type: "missing" }] : [])];
    if (missing.length > 0) return reply.status(422).send({ detail: missing });
    const voiceId = `fakeVoice${String(++counter).padStart(12, "0")}`;
    voices.set(voiceId, { name: name!, description, files });
    return { voice_id: voiceId, requires_verification: false };
  });

  app.post<{ Params: { voiceId: string }; Body: { text?: string; model_id?: string } }>("/v1/text-to-speech/:voiceId", async (request, reply) => {
    if (!voices.has(request.params.voiceId)) return reply.status(404).send({ detail: { status: "voice_not_found", message: "A voice with the voice_id was not found." } });
    const text = request.body?.text;
    if (!text) return reply.status(422).send({ detail: [{ loc: ["body", "text"], msg: "Field required", type: "missing" }] });
    speech.push({ voiceId: request.params.voiceId, text, modelId: request.body?.model_id ?? null });
    return reply.header("content-type", "audio/mpeg").header("request-id", `req-${speech.length}`).header("character-cost", String(text.length)).send(FAKE_MP3);
  });

  app.get<{ Params: { voiceId: string } }>("/v1/voices/:voiceId", async (request, reply) => {
    const voice = voices.get(request.params.voiceId);
    if (!voice) return reply.status(404).send({ detail: { status: "voice_not_found", message: "A voice with the voice_id was not found." } });
    return { voice_id: request.params.voiceId, name: voice.name, category: "cloned", labels: {}, samples: [], settings: null, preview_url: null };
  });

  app.delete<{ Params: { voiceId: string } }>("/v1/voices/:voiceId", async (request, reply) => {
    if (!voices.delete(request.params.voiceId)) return reply.status(400).send({ detail: { status: "voice_not_found", message: "A voice with the voice_id was not found." } });
    return { status: "ok" };
  });

  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { baseUrl: address, voices, speech, failNext: (kind) => (pending = kind), stop: () => app.close() };
}
