import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { NO_MATERIAL_ANSWER } from "./local-answer";
import { createLocalModel, LOCAL_MODEL_ID } from "./local-model";
import { buildReflectionPrompt } from "./reflection-prompt";
import { reflectiveLongWinded, TEST_NOW } from "./test-personas";

const { system, prompt } = buildReflectionPrompt(reflectiveLongWinded, TEST_NOW);
const callOptions: LanguageModelV4CallOptions = {
  prompt: [
    { role: "system", content: system },
    { role: "user", content: [{ type: "text", text: prompt }] },
  ],
};

async function readAll(stream: ReadableStream<LanguageModelV4StreamPart>) {
  const parts: LanguageModelV4StreamPart[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  return parts;
}

describe("local model", () => {
  it("implements LanguageModelV4", () => {
    const model = createLocalModel();
    expect(model).toMatchObject({ specificationVersion: "v4", provider: "mindprint.local", modelId: LOCAL_MODEL_ID });
  });

  it("streams exactly the text it generates, in several deltas, with the same usage and finish reason", async () => {
    const model = createLocalModel();
    const generated = await model.doGenerate(callOptions);
    const parts = await readAll((await model.doStream(callOptions)).stream);
    const text = generated.content.map((c) => (c.type === "text" ? c.text : "")).join("");
    const deltas = parts.flatMap((p) => (p.type === "text-delta" ? [p.delta] : []));
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.join("")).toBe(text);
    expect(parts.map((p) => p.type).filter((t) => t !== "text-delta")).toEqual([
      "stream-start", "response-metadata", "text-start", "text-end", "finish",
    ]);
    const finish = parts.at(-1);
    expect(finish?.type === "finish" && finish.usage).toEqual(generated.usage);
    expect(generated.finishReason).toEqual({ unified: "stop", raw: "stop" });
  });

  it("reports usage: input from the prompt, output from the answer", async () => {
    const result = await generateText({ model: createLocalModel(), instructions: system, prompt });
    expect(result.usage.inputTokens).toBeGreaterThan(200);
    expect(result.usage.outputTokens).toBeGreaterThan(100);
    const short = await generateText({ model: createLocalModel(), prompt: "hi" });
    expect(short.usage.inputTokens).toBe(1);
  });

  it("is deterministic through generateText and streamText", async () => {
    const model = createLocalModel();
    const first = await generateText({ model, instructions: system, prompt });
    const second = await generateText({ model, instructions: system, prompt });
    const streamed = streamText({ model, instructions: system, prompt });
    expect(second.text).toBe(first.text);
    expect(await streamed.text).toBe(first.text);
  });

  it("says honestly that it has nothing to go on when the prompt carries no recognised context", async () => {
    const model = createLocalModel();
    for (const text of ["Tell me about my childhood.", '<context type="unknown">{"a":1}</context>', '<context type="reflection">{"firstName": 3}</context>']) {
      const result = await generateText({ model, prompt: text });
      expect(result.text).toBe(NO_MATERIAL_ANSWER);
    }
  });

  it("honours maxOutputTokens with finish reason length, and stop sequences", async () => {
    const model = createLocalModel();
    const cut = await model.doGenerate({ ...callOptions, maxOutputTokens: 20 });
    expect(cut.finishReason.unified).toBe("length");
    expect(cut.usage.outputTokens.total).toBeLessThanOrEqual(20);
    const stopped = await model.doGenerate({ ...callOptions, stopSequences: ["\n\n"] });
    const text = stopped.content.map((c) => (c.type === "text" ? c.text : "")).join("");
    expect(text).not.toContain("\n\n");
    expect(text).toMatch(/^Margaret, /);
  });

  it("rejects when already aborted", async () => {
    const model = createLocalModel();
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    await expect(model.doGenerate({ ...callOptions, abortSignal: controller.signal })).rejects.toThrow("stop");
  });
});
