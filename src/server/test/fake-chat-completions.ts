import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for any Chat Completions server (OpenAI, Ollama, llama.cpp, vLLM), following
// /work/shared/contracts/openai-chat-completions.md, so the real provider code runs unchanged in tests.

export interface ChatCompletionRequest {
  model: string;
  messages: Array<{ role: string; content: unknown }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

export interface ChatCompletionErrorBody {
  message: string;
  type?: string | null;
  param?: string | null;
  code?: string | number | null;
}

/** What a test scripts for one request: a text, a text after a delay, or an error status with the vendor's envelope. */
export type FakeReply =
  | string
  | { text: string; delayMs?: number; failAfterPieces?: number }
  | { status: number; error: ChatCompletionErrorBody; delayMs?: number };

export interface FakeChatCompletionsOptions {
  /** The key the server expects. Without one it behaves like Ollama: the header must be there, its value is ignored. */
  apiKey?: string;
  reply: (request: ChatCompletionRequest) => FakeReply | Promise<FakeReply>;
}

export interface FakeChatCompletions {
  /** Ends in /v1, as LLM_BASE_URL does. */
  baseUrl: string;
  /** Every well-formed request body, in arrival order. */
  requests: ChatCompletionRequest[];
  /** The Authorization header of every request that reached the endpoint, in arrival order. */
  authorizations: Array<string | undefined>;
  stop(): Promise<void>;
}

const errorEnvelope = (e: ChatCompletionErrorBody) => ({
  error: { message: e.message, type: e.type ?? null, param: e.param ?? null, code: e.code ?? null },
});

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

// Word counts stand in for tokens: the figures only have to be deterministic and plausible.
const countTokens = (text: string) => text.split(/\s+/).filter((w) => w.length > 0).length;
const contentText = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((p: { text?: unknown }) => (typeof p?.text === "string" ? p.text : "")).join(" ")
      : "";

function usageFor(request: ChatCompletionRequest, text: string) {
  const prompt = request.messages.reduce((sum, m) => sum + countTokens(contentText(m.content)), 0);
  const completion = countTokens(text);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** Splits text into pieces of two words (keeping all whitespace), so a stream always arrives in several chunks. */
export function streamPieces(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += 2) pieces.push(words.slice(i, i + 2).join(""));
  return pieces;
}

/**
 * A streamed completion. With `failAfterPieces`, the stream stops after that many pieces with the error event the
 * vendor sends when a generation fails mid-way (`data: {"error": {...}}`), then ends without [DONE].
 */
function writeStream(res: http.ServerResponse, request: ChatCompletionRequest, id: string, text: string, failAfterPieces?: number) {
  const base = { id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: request.model };
  const send = (chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const pieces = streamPieces(text);
  if (failAfterPieces !== undefined) {
    pieces.slice(0, failAfterPieces).forEach((content, i) => send({ ...base, choices: [{ index: 0, delta: i === 0 ? { role: "assistant", content } : { content }, finish_reason: null, logprobs: null }] }));
    send(errorEnvelope({ message: "The server had an error while processing your request. Sorry about that!", type: "server_error" }));
    res.end();
    return;
  }
  pieces.forEach((content, i) => {
    const isLast = i === pieces.length - 1;
    const delta = i === 0 ? { role: "assistant", content } : { content };
    // The last content chunk carries finish_reason, as the contract says.
    send({ ...base, choices: [{ index: 0, delta, finish_reason: isLast ? "stop" : null, logprobs: null }] });
  });
  if (request.stream_options?.include_usage) send({ ...base, choices: [], usage: usageFor(request, text) });
  res.end("data: [DONE]\n\n");
}

function writeCompletion(res: http.ServerResponse, request: ChatCompletionRequest, id: string, text: string) {
  sendJson(res, 200, {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [{ index: 0, message: { role: "assistant", content: text, refusal: null }, finish_reason: "stop", logprobs: null }],
    usage: usageFor(request, text),
  });
}

function isRequest(body: unknown): body is ChatCompletionRequest {
  const b = body as Partial<ChatCompletionRequest> | null;
  return typeof b === "object" && b !== null && typeof b.model === "string" && Array.isArray(b.messages) && b.messages.length > 0;
}

// Resolves after ms, or early (false) when the client has gone away, so an aborted request leaves no timer behind.
function waitUnlessClosed(res: http.ServerResponse, ms: number): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    res.once("close", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

/** Starts the fake on 127.0.0.1 with a free port; every reply is decided by the test's `reply` function. */
export async function startFakeChatCompletions(options: FakeChatCompletionsOptions): Promise<FakeChatCompletions> {
  const requests: ChatCompletionRequest[] = [];
  const authorizations: Array<string | undefined> = [];
  let counter = 0;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.url?.split("?")[0] !== "/v1/chat/completions") {
      return sendJson(res, 404, errorEnvelope({ message: `Unknown path ${req.url}`, type: "invalid_request_error", code: "not_found" }));
    }
    if (req.method !== "POST") {
      return sendJson(res, 405, errorEnvelope({ message: "Use POST.", type: "invalid_request_error", code: "method_not_allowed" }));
    }
    const authorization = req.headers.authorization;
    authorizations.push(authorization);
    const presented = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
    if (!presented || (options.apiKey !== undefined && presented !== options.apiKey)) {
      return sendJson(res, 401, errorEnvelope({ message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" }));
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return sendJson(res, 400, errorEnvelope({ message: "The body is not valid JSON.", type: "invalid_request_error" }));
    }
    if (!isRequest(body)) {
      return sendJson(res, 400, errorEnvelope({ message: "model and messages are required.", type: "invalid_request_error", param: "messages" }));
    }
    requests.push(body);
    const reply = await options.reply(body);
    const script = typeof reply === "string" ? { text: reply } : reply;
    if (!(await waitUnlessClosed(res, script.delayMs ?? 0))) return;
    if ("error" in script) return sendJson(res, script.status, errorEnvelope(script.error));
    const id = `chatcmpl-fake-${++counter}`;
    if (body.stream) writeStream(res, body, id, script.text, script.failAfterPieces);
    else writeCompletion(res, body, id, script.text);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorEnvelope({ message: String(error), type: "server_error" }));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
