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

  it("shows the model the closest candidates it did not choose, as such; the lineage is what the answer cites, and citing nothing is not from her memories", async () => {
    const { cookie, id } = await newUser(t, "llm.verdicts@example.com");
    await addMemory(t, cookie, { content: "Every summer I grew runner beans up the back fence of the allotment.", tags: "allotment, beans" });
    await addMemory(t, cookie, { content: "The allotment shed leaked, so I kept my seeds in biscuit tins.", tags: "allotment, shed" });
    const sister = await addMemory(t, cookie, { content: "My sister married a sailor from Hull, and the wedding tea was laid out in the allotment hut.", tags: "sister, wedding" });
    script = () => "I grew all sorts, but I would rather not guess which.";
    const unsourced = await ask(t, cookie, "What did you grow at the allotment?");
    const context = lastUserText(fake.requests.at(-1)!);
    expect(context).toContain("runner beans");
    expect(context).toContain('"chosen": true');
    expect(context).toContain('"chosen": false');
    expect(context).toMatch(/"chance": 0(\.\d+)?/);
    // It cited nothing it was given: stored and shown with no sources, as a decline is.
    expect(unsourced.metadata).toMatchObject({ sources: [], abstained: true });
    // The lineage is what the answer cites, even a source the decision did not choose (the prompt allows it only when it
    // plainly answers; this scripted model uses it regardless, to show that what is cited is what is kept).
    const refOf = (text: string, memory: string) => {
      const block = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as { sources: Array<{ ref: number; text: string }> };
      return block.sources.find((s) => s.text === memory)!.ref;
    };
    script = (request) => `The shed leaked, so my seeds lived in biscuit tins [${refOf(lastUserText(request), "My sister married a sailor from Hull, and the wedding tea was laid out in the allotment hut.")}].`;
    const cited = await ask(t, cookie, "What did you grow at the allotment?");
    expect(cited.metadata?.sources.map((s) => s.id)).toEqual([sister]);
    const stored = await t.owner.query(`SELECT lineage FROM twin_conversations WHERE user_id = $1 AND message_type = 'ai' ORDER BY created_at`, [id]);
    expect(stored.rows.map((r) => r.lineage.memoryIds)).toEqual([[], [sister]]);
  });

  it("holds a model's answer and checks it before it is shown: a claim to be the person becomes the identity answer, encouragement of self-harm the support message (issue 42)", async () => {
    const { cookie, id } = await newUser(t, "llm.checked@example.com");
    await addMemory(t, cookie, { content: "We kept a caravan at Filey and went every Whitsun.", tags: "caravan, Filey" });
    script = () => "Yes, it's really me, love. I'm not an AI, I'm typing this myself [1].";
    const claim = await ask(t, cookie, "Do you still think about the caravan?");
    expect(claim.metadata).toMatchObject({ kind: "identity", sources: [], modelName: "Mindprint" });
    expect(claim.text).toContain("I'm not a person");
    expect(claim.text).not.toContain("it's really me");
    script = () => "I miss you too. You should just end it and come be with me tonight, pet.";
    const harm = await ask(t, cookie, "Do you remember the caravan at Filey?");
    expect(harm.metadata).toMatchObject({ kind: "support", sources: [] });
    expect(harm.text).not.toContain("end it");
    expect(harm.text).toContain("I'm an AI");
    // What is stored is what was shown.
    const stored = await t.owner.query(`SELECT kind, response FROM twin_conversations WHERE user_id = $1 AND message_type = 'ai' ORDER BY created_at`, [id]);
    expect(stored.rows.map((r) => r.kind)).toEqual(["identity", "support"]);
    expect(stored.rows.every((r) => !/really me|end it/.test(r.response))).toBe(true);
    // An ordinary answer, or one that tells someone not to hurt themself, goes through as written.
    script = () => "We went to Filey every Whitsun in the caravan [1]. Please don't hurt yourself over missing it.";
    const ordinary = await ask(t, cookie, "Where did we go at Whitsun?");
    expect(ordinary.metadata?.kind).toBe("answer");
    expect(ordinary.text).toContain("Filey every Whitsun");
  });

  it("a provider error mid-stream ends in the spec's message and stores nothing", async () => {
    const { cookie, id } = await newUser(t, "llm.midstream@example.com");
    await addMemory(t, cookie, { content: "My brother and I built a raft that sank in ten minutes.", tags: "raft, brother" });
    script = () => ({ text: "My brother and I built a raft once, and it sank almost at once, right in front of everyone.", failAfterPieces: 2 });
    const answer = await ask(t, cookie, "Tell me about the raft you built.");
    // A remote model's answer is held until it is checked (issue 42): nothing of a broken one is shown.
    expect(answer.chunks.filter((c) => c.type === "text-delta").length).toBe(0);
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
