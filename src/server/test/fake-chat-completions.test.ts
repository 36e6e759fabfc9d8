import { afterEach, describe, expect, it } from "vitest";
import { startFakeChatCompletions, streamPieces, type FakeChatCompletions } from "./fake-chat-completions";

let fake: FakeChatCompletions | null = null;
afterEach(async () => {
  await fake?.stop();
  fake = null;
});

const post = (baseUrl: string, body: unknown, key = "sk-test") =>
  fetch(`${baseUrl}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const messages = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "Say hello" },
];

describe("fake Chat Completions server", () => {
  it("answers a non-streaming request in the contract's shape", async () => {
    fake = await startFakeChatCompletions({ apiKey: "sk-test", reply: () => "Hello there, friend." });
    const res = await post(fake.baseUrl, { model: "m-1", messages });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      object: "chat.completion",
      model: "m-1",
      choices: [{ index: 0, message: { role: "assistant", content: "Hello there, friend.", refusal: null }, finish_reason: "stop" }],
      usage: { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 },
    });
    expect(fake.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(fake.requests).toEqual([{ model: "m-1", messages }]);
  });

  it("streams SSE chunks, finish_reason on the last content chunk, a usage chunk and [DONE]", async () => {
    fake = await startFakeChatCompletions({ apiKey: "sk-test", reply: () => "one two three four five" });
    const res = await post(fake.baseUrl, { model: "m-1", messages, stream: true, stream_options: { include_usage: true } });
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const events = (await res.text()).split("\n\n").filter((e) => e.length > 0);
    expect(events.every((e) => e.startsWith("data: "))).toBe(true);
    expect(events.at(-1)).toBe("data: [DONE]");
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice("data: ".length)));
    const content = chunks.filter((c) => c.choices.length > 0);
    expect(content.map((c) => c.choices[0].delta.content).join("")).toBe("one two three four five");
    expect(content.length).toBeGreaterThan(1);
    expect(content[0].choices[0].delta.role).toBe("assistant");
    expect(content.map((c) => c.choices[0].finish_reason)).toEqual([...content.slice(1).map(() => null), "stop"]);
    expect(chunks.at(-1)).toMatchObject({ object: "chat.completion.chunk", choices: [], usage: { completion_tokens: 5 } });
  });

  it("sends no usage chunk unless include_usage is asked for", async () => {
    fake = await startFakeChatCompletions({ apiKey: "sk-test", reply: () => "a b c" });
    const text = await (await post(fake.baseUrl, { model: "m-1", messages, stream: true })).text();
    expect(text).not.toContain('"usage"');
  });

  it("answers a wrong key with 401 and the four-key error envelope", async () => {
    fake = await startFakeChatCompletions({ apiKey: "sk-test", reply: () => "never" });
    const res = await post(fake.baseUrl, { model: "m-1", messages }, "sk-wrong");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { message: "Incorrect API key provided.", type: "invalid_request_error", param: null, code: "invalid_api_key" },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("like Ollama, accepts any key when none is configured but still wants the header", async () => {
    fake = await startFakeChatCompletions({ reply: () => "ok" });
    expect((await post(fake.baseUrl, { model: "m-1", messages }, "anything")).status).toBe(200);
    const bare = await fetch(`${fake.baseUrl}/chat/completions`, { method: "POST", body: JSON.stringify({ model: "m-1", messages }) });
    expect(bare.status).toBe(401);
  });

  it("plays scripted errors and rejects malformed requests", async () => {
    fake = await startFakeChatCompletions({
      apiKey: "sk-test",
      reply: () => ({ status: 503, error: { message: "Loading model", type: "unavailable_error", code: 503 } }),
    });
    const res = await post(fake.baseUrl, { model: "m-1", messages });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: { message: "Loading model", type: "unavailable_error", param: null, code: 503 } });
    expect((await post(fake.baseUrl, { messages })).status).toBe(400);
    const wrongPath = await fetch(`${fake.baseUrl}/completions`, { method: "POST", headers: { authorization: "Bearer sk-test" } });
    expect(wrongPath.status).toBe(404);
  });

  it("splits text into pieces that join back exactly", () => {
    const text = "  Hello,\n\nworld  and  more ";
    expect(streamPieces(text).join("")).toBe(text);
    expect(streamPieces("single")).toEqual(["single"]);
  });
});
