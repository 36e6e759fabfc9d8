import multipart from "@fastify/multipart";
import { createHash } from "node:crypto";
import Fastify from "fastify";

// A local stand-in for an OpenAI-compatible transcription server (OpenAI's `POST /v1/audio/transcriptions`, which
// whisper.cpp's and faster-whisper's servers also speak): a multipart body with `file` and `model` (and optional
// `response_format`, `language`), a Bearer key, `{"text": …}` back, and OpenAI's error shape. Tests script the text
// and failures.

export interface FakeTranscriptions {
  /** Up to and including /v1, as TRANSCRIBE_BASE_URL takes it. */
  baseUrl: string;
  /** Every accepted request: the model, language, response format, and the file's name, type, size and SHA-256. */
  requests: Array<{ model: string; language: string | null; responseFormat: string | null; filename: string; contentType: string; bytes: number; sha256: string }>;
  /** What the next transcriptions answer. */
  text: string;
  /** The next request answers with this error instead. */
  failNext(kind: "invalid_api_key" | "rate_limited" | "server_error"): void;
  /** Transcriptions from now on wait to answer until the returned function is called (a transcript still on its way). */
  hold(): () => void;
  stop(): Promise<void>;
}

export async function startFakeTranscriptions(apiKey: string): Promise<FakeTranscriptions> {
  const app = Fastify();
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1 } });
  let pending: Parameters<FakeTranscriptions["failNext"]>[0] | null = null;
  let gate: Promise<void> | null = null;
  const fake = { requests: [] as FakeTranscriptions["requests"], text: "", pending };
  const error = (message: string, type: string, code: string | null) => ({ error: { message, type, param: null, code } });

  app.post("/v1/audio/transcriptions", async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) return reply.status(401).send(error("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"));
    if (gate) await gate;
    if (pending) {
      const kind = pending;
      pending = null;
      if (kind === "invalid_api_key") return reply.status(401).send(error("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"));
      if (kind === "rate_limited") return reply.status(429).send(error("Rate limit reached for requests.", "requests", "rate_limit_exceeded"));
      return reply.status(500).send(error("The server had an error while processing your request.", "server_error", null));
    }
    const fields = new Map<string, string>();
    let file: { filename: string; contentType: string; bytes: Buffer } | null = null;
    for await (const part of request.parts()) {
      if (part.type === "file") file = { filename: part.filename, contentType: part.mimetype, bytes: await part.toBuffer() };
      else fields.set(part.fieldname, String(part.value));
    }
    if (!file) return reply.status(400).send(error("You must provide a file.", "invalid_request_error", null));
    if (!fields.get("model")) return reply.status(400).send(error("You must provide a model parameter.", "invalid_request_error", null));
    if (!/\.(flac|mp3|mp4|mpeg|mpga|m4a|ogg|wav|webm)$/.test(file.filename)) return reply.status(400).send(error("Invalid file format.", "invalid_request_error", null));
    fake.requests.push({
      model: fields.get("model")!,
      language: fields.get("language") ?? null,
      responseFormat: fields.get("response_format") ?? null,
      filename: file.filename,
      contentType: file.contentType,
      bytes: file.bytes.length,
      sha256: createHash("sha256").update(file.bytes).digest("hex"),
    });
    return { text: fake.text };
  });

  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    baseUrl: `${address}/v1`,
    get requests() {
      return fake.requests;
    },
    get text() {
      return fake.text;
    },
    set text(value: string) {
      fake.text = value;
    },
    failNext(kind) {
      pending = kind;
    },
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    stop: () => app.close(),
  };
}
