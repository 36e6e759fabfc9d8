import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { twinScenarioResponseSchema } from "../../../contract";
import { createTestApp, newUser, send, type TestApp } from "../../test/harness";
import { addAnswer, ask } from "./test-helpers";

// Issue 17: the owner's twin decides with their measured personality. The Laboratory shows the measured traits it
// used, and an advice answer follows the person's own calibration answer with how someone of their measured
// conscientiousness goes about it. Nothing of the profile reaches anyone else's twin.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A completed questionnaire of middle answers: compared with everyone, its conscientiousness is low (11th percentile). */
async function takeQuestionnaire(cookie: string) {
  const id = (await send(t, "POST", "/api/personality/attempts", undefined, cookie)).json().attempt.id as string;
  await send(t, "PUT", `/api/personality/attempts/${id}/answers`, { answers: Array.from({ length: 120 }, (_, i) => ({ item: i + 1, value: 3 })) }, cookie);
  expect((await send(t, "POST", `/api/personality/attempts/${id}/complete`, { sex: null, ageBand: null }, cookie)).statusCode).toBe(200);
}

describe("the twin and the measured profile", () => {
  it("uses no measured trait before the questionnaire, and the profile's traits once it is taken", async () => {
    const { cookie } = await newUser(t, "profile.twin@example.com");
    await addAnswer(t, cookie, "A friend asks you to lend them a large sum of money.", "I would rather give a smaller gift than lend and risk the friendship.");
    const before = twinScenarioResponseSchema.parse((await send(t, "POST", "/api/twin/scenario", { scenario: "A friend asks to borrow money from you." }, cookie)).json());
    expect(before.traits.some((trait) => trait.endsWith("conscientiousness"))).toBe(false);
    expect(before.decision).not.toMatch(/personality questionnaire/);

    await takeQuestionnaire(cookie);
    const after = twinScenarioResponseSchema.parse((await send(t, "POST", "/api/twin/scenario", { scenario: "A friend asks to borrow money from you." }, cookie)).json());
    expect(after.traits).toEqual(expect.arrayContaining(["low conscientiousness", "low openness", "average neuroticism"]));
    // Their own answer first, then how they go about it.
    expect(after.decision).toContain("I would rather give a smaller gift");
    expect(after.decision).toContain("My personality questionnaire says I am not much of a planner, so I would decide as I went and stay ready to change course.");

    // A question about what happened is not an advice question: no decision style is added.
    const recollection = await ask(t, cookie, "What did you say about lending money?");
    expect(recollection.text).not.toContain("personality questionnaire");
  });
});
