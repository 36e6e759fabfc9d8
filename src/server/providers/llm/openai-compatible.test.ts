import { generateText, streamText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeChatCompletions, type FakeChatCompletions, type FakeReply } from "../../test/fake-chat-completions";
import { createLanguageModel } from "./create-model";
import { generateReflection, ReflectionFailedError } from "./reflection";
import { REFLECTION_SYSTEM_PROMPT } from "./reflection-prompt";
import { tersePractical, TEST_NOW } from "./test-personas";

// The real @ai-sdk/openai-compatible provider against a local server that follows the Chat Completions contract.

let fake: FakeChatCompletions | null = null;
afterEach(async () => {
  await fake?.stop();
  fake = null;
});

async function modelFor(reply: (body: unknown) => FakeReply, options: { apiKey?: string; serverKey?: string; timeoutMs?: number } = {}) {
  fake = await startFakeChatCompletions({ apiKey: options.serverKey ?? "sk-fake", reply });
  const { model, name } = createLanguageModel({
    provider: "openai-compatible",
    baseUrl: fake.baseUrl,
    apiKey: options.apiKey ?? "sk-fake",
    model: "llama3.2",
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  return { model, name, fake };
}

const REPLY = "You keep it short.\n\nYou put your family first.\n\nTraits: direct, family-oriented, practical";

describe("openai-compatible provider", () => {
  it("generates text without streaming and reports usage", async () => {
    const { model, name } = await modelFor(() => "Hello from the fake server.");
    const result = await generateText({ model, prompt: "Say hello", maxRetries: 0 });
    expect(name).toBe("llama3.2");
    expect(result.text).toBe("Hello from the fake server.");
    expect(result.finishReason).toBe("stop");
    expect(result.usage.outputTokens).toBe(5);
    expect(result.usage.inputTokens).toBe(2);
  });

  it("streams text in several chunks and reports usage at the end", async () => {
    const { model, fake } = await modelFor(() => "one two three four five six seven");
    const result = streamText({ model, prompt: "Count", maxRetries: 0 });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join("")).toBe("one two three four five six seven");
    expect((await result.usage).outputTokens).toBe(7);
    expect(fake.requests[0]).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it("sends the system and user messages, the model name and the Bearer key", async () => {
    const { model, fake } = await modelFor(() => REPLY);
    const result = await generateReflection(model, tersePractical, { timeoutMs: 5_000, now: TEST_NOW });
    const [request] = fake.requests;
    expect(request?.model).toBe("llama3.2");
    expect(request?.messages[0]).toEqual({ role: "system", content: REFLECTION_SYSTEM_PROMPT });
    expect(request?.messages[1]?.role).toBe("user");
    expect(String(request?.messages[1]?.content)).toContain('<context type="reflection">');
    expect(String(request?.messages[1]?.content)).toContain("Tell him straight. Once.");
    expect(fake.authorizations).toEqual(["Bearer sk-fake"]);
    expect(fake.baseUrl.endsWith("/v1")).toBe(true);
    // The "Traits:" tail is parsed out of the summary.
    expect(result).toEqual({ summary: "You keep it short.\n\nYou put your family first.", traitsUsed: ["direct", "family-oriented", "practical"] });
  });

  it("falls back to traits derived from the input when the model gives none", async () => {
    const { model } = await modelFor(() => "You keep it short.");
    const result = await generateReflection(model, tersePractical, { timeoutMs: 5_000, now: TEST_NOW });
    expect(result.summary).toBe("You keep it short.");
    expect(result.traitsUsed).toContain("direct");
  });

  it.each([
    [500, { message: "The server had an error while processing your request.", type: "server_error" }],
    [429, { message: "Rate limit reached for requests.", type: "requests", code: "rate_limit_exceeded" }],
  ])("rejects with ReflectionFailedError on %i, without retrying more than once", async (status, error) => {
    const { model, fake } = await modelFor(() => ({ status, error }));
    const failure = await generateReflection(model, tersePractical, { timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ReflectionFailedError);
    expect(failure).toMatchObject({ reason: "provider" });
    expect((failure as Error).cause).toBeDefined();
    expect(fake.requests.length).toBeLessThanOrEqual(2);
  });

  it("rejects with ReflectionFailedError on a wrong key (401)", async () => {
    const { model, fake } = await modelFor(() => "never sent", { apiKey: "sk-wrong" });
    const failure = await generateReflection(model, tersePractical, { timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ReflectionFailedError);
    expect((failure as Error).message).toContain("Incorrect API key");
    expect(fake.authorizations).toEqual(["Bearer sk-wrong"]);
  });

  it("rejects an empty answer as a failure", async () => {
    const { model } = await modelFor(() => "  \n");
    await expect(generateReflection(model, tersePractical, { timeoutMs: 5_000 })).rejects.toMatchObject({ reason: "empty" });
  });

  it("gives up on a slow server soon after timeoutMs", async () => {
    const { model } = await modelFor(() => ({ delayMs: 10_000, text: "too late" }));
    const started = performance.now();
    const failure = await generateReflection(model, tersePractical, { timeoutMs: 300 }).catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(failure).toBeInstanceOf(ReflectionFailedError);
    expect(failure).toMatchObject({ reason: "timeout" });
    expect(elapsed).toBeLessThan(2_000);
  });

  it("stops waiting when the caller aborts", async () => {
    const { model } = await modelFor(() => ({ delayMs: 10_000, text: "too late" }));
    const controller = new AbortController();
    const pending = generateReflection(model, tersePractical, { timeoutMs: 5_000, abortSignal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "ReflectionFailedError", reason: "aborted" });
  });

  it("also bounds the wait for a response inside the model itself (LLM_TIMEOUT_MS)", async () => {
    const { model } = await modelFor(() => ({ delayMs: 10_000, text: "too late" }), { timeoutMs: 200 });
    const started = performance.now();
    await expect(generateText({ model, prompt: "hi", maxRetries: 0 })).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
