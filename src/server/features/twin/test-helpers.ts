import { expect } from "vitest";
import { post, send, type TestApp } from "../../test/harness";

export interface StreamedAnswer {
  status: number;
  contentType: string | undefined;
  chunks: Array<{ type: string; [key: string]: unknown }>;
  text: string;
  metadata:
    | { messageId: string; sources: Array<{ kind: string; id: string; label: string; available: boolean }>; authenticityScore: number | null; abstained: boolean; modelName: string; aiNotice: string | null; checkIn: string | null; kind: string }
    | undefined;
  error: string | undefined;
  /** The raw body, for a refusal answered before any stream (its error envelope). */
  body: string;
}

/** Sends a chat message and reads the UI message stream (Server-Sent Events of JSON chunks) it answers with. */
export async function ask(t: TestApp, cookie: string, text: string, url = "/api/twin/chat", headers: Record<string, string> = {}): Promise<StreamedAnswer> {
  return readAnswerStream(await (Object.keys(headers).length > 0 ? post(t, url, { text }, { cookie, ...headers }) : send(t, "POST", url, { text }, cookie)));
}

/** Asks without signing in (a public memorial's twin), from the network address given. */
export async function askAnonymously(t: TestApp, url: string, text: string, remoteAddress = "127.0.0.1"): Promise<StreamedAnswer> {
  return readAnswerStream(await post(t, url, { text }, {}, remoteAddress));
}

function readAnswerStream(response: Awaited<ReturnType<typeof send>>): StreamedAnswer {
  const chunks = response.body
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as { type: string; [key: string]: unknown });
  const text_ = chunks.filter((c) => c.type === "text-delta").map((c) => String(c.delta)).join("");
  const metadata = chunks.find((c) => c.type === "message-metadata")?.messageMetadata as StreamedAnswer["metadata"];
  const error = chunks.find((c) => c.type === "error")?.errorText as string | undefined;
  return { status: response.statusCode, contentType: response.headers["content-type"] as string | undefined, chunks, text: text_, metadata, error, body: response.body };
}

export async function addMemory(
  t: TestApp,
  cookie: string,
  memory: { content: string; emotion?: string; category?: string; tags?: string; visibility?: string; seal?: { kind: string; date?: string; days?: number }; happenedOn?: string },
): Promise<string> {
  const response = await send(t, "POST", "/api/memories", { emotion: "Reflection", ...memory }, cookie);
  expect(response.statusCode).toBe(201);
  return response.json().memory.id;
}

export async function addAnswer(t: TestApp, cookie: string, statement: string, response: string): Promise<string> {
  const created = await send(t, "POST", "/api/onboarding/calibration", { statement, response }, cookie);
  expect(created.statusCode).toBe(201);
  return created.json().id;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
/** Whether `answer` repeats any run of `n` consecutive words of `source` (8: "never quoted"). */
export function sharesSpan(answer: string, source: string, n = 8): boolean {
  const said = ` ${words(answer).join(" ")} `;
  const src = words(source);
  for (let i = 0; i + n <= src.length; i++) if (said.includes(` ${src.slice(i, i + n).join(" ")} `)) return true;
  return false;
}
