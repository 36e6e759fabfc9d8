import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { addAnswer, addMemory, ask } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("one person's twin never reaches another person's material", () => {
  it("with overlapping content, each twin cites only its owner's memories and answers", async () => {
    const alice = await newUser(t, "alice.twin@example.com");
    const bob = await newUser(t, "bob.twin@example.com");
    const aliceHorse = await addMemory(t, alice.cookie, { content: "My first horse was a grey mare called Duchess.", tags: "horse, Duchess" });
    const bobHorse = await addMemory(t, bob.cookie, { content: "My first horse was a brown gelding called Duchess, named after my aunt.", tags: "horse, Duchess" });
    await addAnswer(t, bob.cookie, "A stranger offers to buy your horse.", "I would never sell a horse to a stranger.");

    const aliceAnswer = await ask(t, alice.cookie, "What was your first horse called?");
    expect(aliceAnswer.metadata?.sources.map((s) => s.id)).toEqual([aliceHorse]);
    expect(aliceAnswer.text).not.toContain("gelding");
    const bobAnswer = await ask(t, bob.cookie, "What was your first horse called?");
    expect(bobAnswer.metadata?.sources.map((s) => s.id)).toEqual([bobHorse]);
    // Bob's calibration answer is about a horse too, but Alice's twin has no calibration answers at all.
    const advice = await ask(t, alice.cookie, "Should I sell my horse to a stranger?");
    expect(advice.metadata?.sources.every((s) => s.kind === "memory")).toBe(true);
  });

  it("another person's history, feedback and messages are unreachable (404 for their message ids)", async () => {
    const alice = await newUser(t, "alice.history@example.com");
    const bob = await newUser(t, "bob.history@example.com");
    await addMemory(t, alice.cookie, { content: "We danced in the kitchen the night the war ended.", tags: "dancing" });
    const answer = await ask(t, alice.cookie, "Where did you dance when the war ended?");
    const messageId = answer.metadata!.messageId;

    expect((await get(t, "/api/twin/messages", bob.cookie)).json().messages).toEqual([]);
    const stolen = await send(t, "PUT", `/api/twin/messages/${messageId}/feedback`, { feedback: "down" }, bob.cookie);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe("twin_message_not_found");
    expect((await send(t, "PUT", `/api/twin/messages/not-a-uuid/feedback`, { feedback: "up" }, bob.cookie)).statusCode).toBe(404);
    const row = await t.owner.query(`SELECT feedback FROM twin_conversations WHERE id = $1`, [messageId]);
    expect(row.rows[0].feedback).toBeNull();
    const bobStatus = (await get(t, "/api/twin/status", bob.cookie)).json();
    expect(bobStatus).toMatchObject({ memoriesAvailable: 0, conversations: 0 });
  });

  it("every twin route needs a signed-in user", async () => {
    for (const [method, url] of [["GET", "/api/twin/status"], ["GET", "/api/twin/messages"], ["POST", "/api/twin/chat"], ["POST", "/api/twin/scenario"], ["POST", "/api/twin/insights/memory"], ["POST", "/api/twin/insights/values"]] as const) {
      const response = await t.app.inject({ method, url, payload: method === "POST" ? { text: "hi" } : undefined, headers: { origin: "http://localhost:3000" } });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
