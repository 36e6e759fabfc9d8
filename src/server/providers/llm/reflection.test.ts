import type { LanguageModelV4 } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { createLocalModel } from "./local-model";
import { generateReflection, ReflectionFailedError } from "./reflection";
import { tersePractical, TEST_NOW } from "./test-personas";

// A provider that never answers and ignores its abort signal: the worst case for "never hang".
const silentModel: LanguageModelV4 = {
  ...createLocalModel(),
  provider: "test.silent",
  doGenerate: () => new Promise(() => {}),
  doStream: () => new Promise(() => {}),
};

const emptyModel: LanguageModelV4 = {
  ...createLocalModel(),
  provider: "test.empty",
  doGenerate: async () => ({
    content: [{ type: "text", text: "\n\nTraits: direct" }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 3, text: 3, reasoning: 0 } },
    warnings: [],
  }),
};

describe("generateReflection", () => {
  it("rejects at the deadline even when the provider ignores the abort signal", async () => {
    // The silent model never settles, so the call settling at all (with reason "timeout") proves the deadline held;
    // no wall-clock bound, which a busy CI machine would make flaky.
    const failure = await generateReflection(silentModel, tersePractical, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ReflectionFailedError);
    expect(failure).toMatchObject({ reason: "timeout" });
    expect((failure as Error).cause).toBeDefined();
  });

  it("treats a reply with nothing but a Traits line as empty", async () => {
    await expect(generateReflection(emptyModel, tersePractical, { timeoutMs: 1_000 })).rejects.toMatchObject({ reason: "empty" });
  });

  it("returns the local model's summary without its Traits line, and its traits", async () => {
    const result = await generateReflection(createLocalModel(), tersePractical, { timeoutMs: 1_000, now: TEST_NOW });
    expect(result.summary).not.toMatch(/Traits:/);
    expect(result.traitsUsed.length).toBeGreaterThanOrEqual(3);
  });
});
