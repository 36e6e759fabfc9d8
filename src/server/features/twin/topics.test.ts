import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withUserScope } from "../../db/user-scope";
import { createTestApp, newUser, ORIGIN, type TestApp } from "../../test/harness";
import { readTopics } from "./retrieval";

// The topics the twin offers when it cannot answer ("ask me about…") come from the tags; tags keep the case they were
// typed in (decision 0037), so the same tag in two cases must still be one topic.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the twin's topics", () => {
  it("count a tag typed in two cases as one topic, named as it was last typed", async () => {
    const owner = await newUser(t, "tags.topics@example.com");
    const post = (content: string, tags: string) => t.app.inject({ method: "POST", url: "/api/memories", payload: { content, emotion: "Joy", tags }, headers: { origin: ORIGIN, cookie: owner.cookie } });
    await post("Planting tomatoes with my mother.", "garden");
    await post("The roses by the gate.", "Garden, roses");
    await post("Sailing on the lake at dawn.", "sailing");
    const topics = await withUserScope(t.ctx.db, owner.id, (tx) => readTopics(tx, owner.id));
    expect(topics[0]).toBe("Garden");
    expect(topics.filter((topic) => topic.toLowerCase() === "garden")).toHaveLength(1);
  });
});
