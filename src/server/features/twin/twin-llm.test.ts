import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twinMessages } from "../../../contract";
import { startFakeChatCompletions, type ChatCompletionRequest, type FakeReply } from "../../test/fake-chat-completions";
import { createTestApp, newUser, type TestApp } from "../../test/harness";
import { addMemory, ask } from "./test-helpers";

// The twin with LLM_PROVIDER=openai-compatible: the real provider package against a local server that follows the
// Chat Completions contract, through the whole route (retrieval, persona prompt, streaming, citations, storage).

let t: TestApp;
let script: (request: ChatCompletionRequest) => FakeReply = () => "unused";
const fake = await startFakeChatCompletions({ apiKey: "sk-twin", reply: (request) => script(request) });
beforeAll(async () => {
  t = await createTestApp({ LLM_PROVIDER: "openai-compatible", LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: "sk-twin", LLM_MODEL: "persona-model" });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const lastUserText = (request: ChatCompletionRequest) => {
  const content = request.messages.at(-1)?.content;
  return typeof content === "string" ? content : JSON.stringify(content);
};

describe("twin chat with an OpenAI-compatible model", () => {
  it("sends the persona prompt with numbered sources, streams the answer, and keeps only the citations it makes", async () => {
    const { cookie, id } = await newUser(t, "llm.twin@example.com");
    const piano = await addMemory(t, cookie, { content: "I bought my first piano in 1982 with money from my night shifts.", tags: "piano, music", emotion: "Pride" });
    await addMemory(t, cookie, { content: "Our piano teacher, Mrs. Hale, smelled of violets.", tags: "piano, teacher" });
    script = () => "I saved my night-shift wages and bought my first piano in 1982 [1]. It was the proudest purchase of my life.";
    const answer = await ask(t, cookie, "When did you buy your first piano?");
    expect(answer.status).toBe(200);
    expect(answer.chunks.filter((c) => c.type === "text-delta").length).toBeGreaterThan(3);
    expect(answer.text).toContain("[1]");

    const request = fake.requests.at(-1)!;
    expect(request.model).toBe("persona-model");
    expect(request.stream).toBe(true);
    const system = request.messages.find((m) => m.role === "system")?.content as string;
    expect(system).toContain("Never invent events");
    expect(system).toContain("cite it as [n]");
    const user = lastUserText(request);
    expect(user).toContain('<context type="twin">');
    expect(user).toContain("I bought my first piano in 1982");

    // Both piano memories were retrieved; only the one the answer cites is its lineage.
    expect(answer.metadata?.sources.map((s) => s.id)).toEqual([piano]);
    const stored = await t.owner.query(`SELECT lineage, model_name, authenticity_score FROM twin_conversations WHERE user_id = $1 AND message_type = 'ai'`, [id]);
    expect(stored.rows[0].lineage).toMatchObject({ memoryIds: [piano], provider: "openai-compatible" });
    expect(stored.rows[0].model_name).toBe("persona-model");
    // "It was the proudest purchase of my life" adds words the memory does not hold: grounding is below 100.
    expect(stored.rows[0].authenticity_score).toBeGreaterThan(30);
    expect(stored.rows[0].authenticity_score).toBeLessThan(100);
  });

  it("tells the model when there is nothing to go on (empty sources)", async () => {
    const { cookie } = await newUser(t, "llm.empty@example.com");
    await addMemory(t, cookie, { content: "We kept bees at the bottom of the garden.", tags: "bees, garden" });
    script = () => "I never talked about that, so I won't guess. Ask me about the bees.";
    const answer = await ask(t, cookie, "Did you ever visit Antarctica?");
    expect(lastUserText(fake.requests.at(-1)!)).toContain('"sources": []');
    expect(answer.metadata).toMatchObject({ sources: [], abstained: true, authenticityScore: null });
  });

  it("a provider error mid-stream ends in the spec's message and stores nothing", async () => {
    const { cookie, id } = await newUser(t, "llm.midstream@example.com");
    await addMemory(t, cookie, { content: "My brother and I built a raft that sank in ten minutes.", tags: "raft, brother" });
    script = () => ({ text: "My brother and I built a raft once, and it sank almost at once, right in front of everyone.", failAfterPieces: 2 });
    const answer = await ask(t, cookie, "Tell me about the raft you built.");
    expect(answer.chunks.filter((c) => c.type === "text-delta").length).toBeGreaterThan(0);
    expect(answer.error).toBe(twinMessages.responseFailed);
    expect(answer.metadata).toBeUndefined();
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM twin_conversations WHERE user_id = $1`, [id])).rows[0].n).toBe(0);
  });

  it("a person who stops the answer (closes the request) stops the model, and nothing is stored", async () => {
    const { cookie, id } = await newUser(t, "llm.stopped@example.com");
    await addMemory(t, cookie, { content: "We painted the boat shed blue every spring.", tags: "boat shed, painting" });
    let reachedModel: () => void = () => {};
    const modelCalled = new Promise<void>((resolve) => (reachedModel = resolve));
    script = () => {
      reachedModel();
      return { text: "We painted the boat shed blue every spring [1].", delayMs: 800 };
    };
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const stop = new AbortController();
    const request = fetch(`${address}/api/twin/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", cookie },
      body: JSON.stringify({ text: "What colour was the boat shed?" }),
      signal: stop.signal,
    }).then(async (response) => response.text());
    await modelCalled;
    stop.abort();
    await expect(request).rejects.toThrow();
    // Had the server not aborted the model call, the fake would answer after 800 ms and the answer would be stored;
    // a fixed wait is the point here (proving that something does NOT happen later).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM twin_conversations WHERE user_id = $1`, [id])).rows[0].n).toBe(0);
  });

  it("a provider that refuses the request (HTTP error) ends the same way", async () => {
    const { cookie, id } = await newUser(t, "llm.refused@example.com");
    await addMemory(t, cookie, { content: "The kitchen radio only ever played the cricket.", tags: "radio, cricket" });
    script = () => ({ status: 429, error: { message: "Rate limit reached.", type: "requests", code: "rate_limit_exceeded" } });
    const answer = await ask(t, cookie, "What did the kitchen radio play?");
    expect(answer.error).toBe(twinMessages.responseFailed);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM twin_conversations WHERE user_id = $1`, [id])).rows[0].n).toBe(0);
  });
});
