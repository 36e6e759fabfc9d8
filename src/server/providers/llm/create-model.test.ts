import http from "node:http";
import type { AddressInfo } from "node:net";
import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createLanguageModel, llmSettingsFromConfig } from "./create-model";
import { LOCAL_MODEL_ID } from "./local-model";

describe("createLanguageModel", () => {
  it("builds the local model by default", () => {
    const { model, name, citation } = createLanguageModel(llmSettingsFromConfig(loadConfig({})));
    expect(name).toBe(LOCAL_MODEL_ID);
    expect(model.provider).toBe("mindprint.local");
    // It composes only from the sources it is given, so every source is one it used.
    expect(citation).toBe("all-sources");
  });

  it("holds a language model to the [n] markers it writes", () => {
    const settings = { provider: "openai-compatible" as const, baseUrl: "http://localhost:11434/v1", model: "llama3.2", timeoutMs: 1000 };
    expect(createLanguageModel(settings).citation).toBe("inline-markers");
    expect(createLanguageModel({ provider: "anthropic", apiKey: "k", model: "claude", timeoutMs: 1000 }).citation).toBe("inline-markers");
  });

  it("maps the LLM_* settings", () => {
    const config = loadConfig({
      LLM_PROVIDER: "openai-compatible",
      LLM_BASE_URL: "http://localhost:11434/v1",
      LLM_MODEL: "llama3.2",
      LLM_TIMEOUT_MS: "45000",
    });
    expect(llmSettingsFromConfig(config)).toEqual({
      provider: "openai-compatible",
      baseUrl: "http://localhost:11434/v1",
      apiKey: undefined,
      model: "llama3.2",
      timeoutMs: 45_000,
    });
  });

  it("builds an openai-compatible chat model", () => {
    const { model, name } = createLanguageModel({ provider: "openai-compatible", baseUrl: "http://localhost:11434/v1", model: "llama3.2", timeoutMs: 1000 });
    expect(name).toBe("llama3.2");
    expect(model).toMatchObject({ specificationVersion: "v4", provider: "openai-compatible.chat", modelId: "llama3.2" });
  });

  it("builds an anthropic model without touching the network", () => {
    const { model, name } = createLanguageModel({ provider: "anthropic", apiKey: "sk-ant-test", model: "claude-sonnet-4-5", timeoutMs: 1000 });
    expect(name).toBe("claude-sonnet-4-5");
    expect(model).toMatchObject({ specificationVersion: "v4", modelId: "claude-sonnet-4-5" });
    expect(model.provider).toContain("anthropic");
  });

  it("refuses to build a remote model with a missing setting", () => {
    expect(() => createLanguageModel({ provider: "openai-compatible", model: "m", timeoutMs: 1000 })).toThrow("LLM_BASE_URL");
    expect(() => createLanguageModel({ provider: "openai-compatible", baseUrl: "http://x/v1", timeoutMs: 1000 })).toThrow("LLM_MODEL");
    expect(() => createLanguageModel({ provider: "anthropic", model: "m", timeoutMs: 1000 })).toThrow("LLM_API_KEY");
  });

  it("points anthropic at LLM_BASE_URL (which includes /v1) with the key in x-api-key", async () => {
    const seen: Array<{ url?: string; key?: string | string[] }> = [];
    const server = http.createServer((req, res) => {
      seen.push({ url: req.url, key: req.headers["x-api-key"] });
      req.resume().on("end", () => {
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: "msg_1", type: "message", role: "assistant", model: "claude-test",
            content: [{ type: "text", text: "Hello from a stand-in." }],
            stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 3, output_tokens: 5 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const { model } = createLanguageModel({ provider: "anthropic", baseUrl, apiKey: "sk-ant-test", model: "claude-test", timeoutMs: 5000 });
      const result = await generateText({ model, prompt: "hi", maxRetries: 0, maxOutputTokens: 100 });
      expect(result.text).toBe("Hello from a stand-in.");
      expect(result.usage.outputTokens).toBe(5);
      expect(seen).toEqual([{ url: "/v1/messages", key: "sk-ant-test" }]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("sends a placeholder Bearer key when none is set, as Ollama wants the header", async () => {
    let authorization: string | undefined;
    const server = http.createServer((req, res) => {
      authorization = req.headers.authorization;
      req.resume().on("end", () => res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"x","type":null,"param":null,"code":null}}'));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const { model } = createLanguageModel({ provider: "openai-compatible", baseUrl, model: "llama3.2", timeoutMs: 5000 });
      await expect(generateText({ model, prompt: "hi", maxRetries: 0 })).rejects.toThrow();
      expect(authorization).toBe("Bearer no-key");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
