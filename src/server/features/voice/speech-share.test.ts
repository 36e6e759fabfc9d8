import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { voiceCloneMessages } from "../../../contract";
import { createTestApp, send, type TestApp } from "../../test/harness";
import { readyClone } from "./test-helpers";

// Issue 57 (SECURITY.md 53): speech is synthesized one request per person at a time, so one person's long requests
// one after another never stand before everyone else's.
vi.setConfig({ testTimeout: 120_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("speech, a fair share each", () => {
  it("answers a person's second request while the first is spoken with 429, and serves another person meanwhile", async () => {
    const [one, other] = [await readyClone(t, "share.one@example.com"), await readyClone(t, "share.other@example.com")];
    const long = "The harbour was quiet that morning, and the boats lay still on the water. ".repeat(60).slice(0, 4_900);
    const speak = (p: { cookie: string; voiceId: string }, text: string) => send(t, "POST", "/api/voice/speech", { text, voiceId: p.voiceId }, p.cookie);
    const answers = await Promise.all([speak(one, long), speak(one, long), speak(one, long), speak(other, "Good morning, love.")]);
    expect(answers.slice(0, 3).map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
    for (const busy of answers.slice(0, 3).filter((a) => a.statusCode === 429)) {
      expect(busy.json().error.message).toBe(voiceCloneMessages.speechBusyPerson);
      expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(answers[3]!.statusCode).toBe(200);
    // Once the first has been spoken, the next is served.
    expect((await speak(one, "And the gulls came in at noon.")).statusCode).toBe(200);
  });
});
