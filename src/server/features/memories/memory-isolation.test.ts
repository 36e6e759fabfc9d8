import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, ORIGIN, signIn, type TestApp } from "../../test/harness";

let t: TestApp;
let alice: string;
let bob: string;
let aliceMemory: string;

const send = (method: "POST" | "PATCH" | "DELETE", url: string, who: string, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { origin: ORIGIN, cookie: who } });

beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t, "alice@example.com");
  bob = await signIn(t, "bob@example.com");
  const created = await send("POST", "/api/memories", alice, { content: "Alice's secret lighthouse summer", emotion: "Joy", tags: "lighthouse" });
  aliceMemory = created.json().memory.id;
  await send("POST", "/api/memories", bob, { content: "Bob's own memory of a lighthouse", emotion: "Fear" });
});
afterAll(() => t.close());

describe("one user's memories are invisible to another", () => {
  it("answers 404 memory_not_found (never 403) to read, edit, hide, delete or list versions of another's memory", async () => {
    for (const response of [
      await get(t, `/api/memories/${aliceMemory}`, bob),
      await get(t, `/api/memories/${aliceMemory}/versions`, bob),
      await send("PATCH", `/api/memories/${aliceMemory}`, bob, { content: "Mallory was here" }),
      await send("PATCH", `/api/memories/${aliceMemory}`, bob, { hiddenFromTwin: true }),
      await send("DELETE", `/api/memories/${aliceMemory}`, bob),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("memory_not_found");
    }
    const untouched = (await get(t, `/api/memories/${aliceMemory}`, alice)).json().memory;
    expect(untouched).toMatchObject({ content: "Alice's secret lighthouse summer", hiddenFromTwin: false, version: 1 });
  });

  it("never lists, finds or counts another's memories", async () => {
    const list = (await get(t, "/api/memories", bob)).json();
    expect(list.total).toBe(1);
    expect(list.memories.map((m: { content: string }) => m.content)).toEqual(["Bob's own memory of a lighthouse"]);
    const search = (await get(t, "/api/memories?q=lighthouse%20summer", bob)).json();
    expect(search.memories.map((m: { content: string }) => m.content)).not.toContain("Alice's secret lighthouse summer");
    const typo = (await get(t, "/api/memories?q=lighthuse", bob)).json();
    expect(typo.memories.every((m: { content: string }) => m.content.startsWith("Bob"))).toBe(true);
    const stats = (await get(t, "/api/memories/stats", bob)).json();
    expect(stats).toMatchObject({ total: 1, byEmotion: [{ emotion: "Fear", count: 1 }] });
  });
});
