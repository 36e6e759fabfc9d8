import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personalityMessages, personalityStateSchema, type PersonalityState } from "../../../contract";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { PERSONALITY_ITEMS } from "./items";

// Personality Mapping (issue 17): the questionnaire answered a few statements at a time and resumed anywhere, scored
// against the norms, retaken with the change shown; the person's own rows only.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const state = async (cookie: string) => personalityStateSchema.parse((await get(t, "/api/personality", cookie)).json());
const start = (cookie: string) => send(t, "POST", "/api/personality/attempts", undefined, cookie);
const answer = (cookie: string, id: string, answers: { item: number; value: number }[]) => send(t, "PUT", `/api/personality/attempts/${id}/answers`, { answers }, cookie);
const complete = (cookie: string, id: string, body: Record<string, unknown> = {}) => send(t, "POST", `/api/personality/attempts/${id}/complete`, body, cookie);
const everything = (value: number) => PERSONALITY_ITEMS.map((i) => ({ item: i.number, value }));

describe("the questionnaire", () => {
  it("lists the 120 statements in order", async () => {
    const { cookie } = await newUser(t, "items@example.com");
    const items = (await get(t, "/api/personality/items", cookie)).json().items;
    expect(items).toHaveLength(120);
    expect(items[0]).toEqual({ number: 1, text: "Worry about things" });
  });

  it("starts once, resumes with every answer given so far, keeps the newest answer, and refuses bad answers without losing any", async () => {
    const { cookie } = await newUser(t, "resume@example.com");
    // The age band is known from the date of birth given at sign-up.
    expect((await state(cookie))).toMatchObject({ inProgress: null, latest: null, history: [], knowsAge: true });
    const started = await start(cookie);
    expect(started.statusCode).toBe(201);
    const id = started.json().attempt.id as string;
    expect((await answer(cookie, id, [{ item: 1, value: 4 }, { item: 2, value: 2 }])).json()).toEqual({ answered: 2 });
    expect((await answer(cookie, id, [{ item: 2, value: 5 }])).json()).toEqual({ answered: 2 });
    // Starting again (another device) hands back the same questionnaire with its answers.
    const again = await start(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().attempt).toMatchObject({ id, answered: 2 });
    expect(again.json().attempt.answers.slice(0, 3)).toEqual([4, 5, null]);

    for (const [bad, message] of [
      [[{ item: 0, value: 3 }], personalityMessages.itemInvalid],
      [[{ item: 121, value: 3 }], personalityMessages.itemInvalid],
      [[{ item: 3, value: 6 }], personalityMessages.valueInvalid],
      [[{ item: 3, value: 2.5 }], personalityMessages.valueInvalid],
      [[], personalityMessages.itemInvalid],
    ] as const) {
      const refused = await answer(cookie, id, bad as unknown as { item: number; value: number }[]);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(refused.json().error)).toContain(message);
    }
    expect((await state(cookie)).inProgress?.answered).toBe(2);

    const early = await complete(cookie, id);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(personalityMessages.missingAnswers(118));
    expect((await state(cookie)).latest).toBeNull();
  });

  it("scores a complete questionnaire against the norm group in words, keeps every attempt, and shows the change since the previous one", async () => {
    const { cookie } = await newUser(t, "profile@example.com");
    await send(t, "PUT", "/api/profile/identity", { firstName: "Ines", birthday: "1990-05-01", legacyPreference: "family" }, cookie);
    const first = (await start(cookie)).json().attempt.id as string;
    await answer(cookie, first, everything(3));
    const done = await complete(cookie, first, { sex: "female" });
    expect(done.statusCode).toBe(200);
    const profile = (done.json() as PersonalityState).latest!;
    expect(profile.normGroup).toBe("women aged 21 to 40");
    expect(profile.domains.map((d) => d.domain)).toEqual(["O", "C", "E", "A", "N"]);
    // Neuroticism, women aged 21–40: mean 72.14, sd 16.16; raw 72 → z ≈ −0.01 → the 50th percentile.
    const n = profile.domains.find((d) => d.domain === "N")!;
    expect(n).toMatchObject({ raw: 72, percentile: 50, level: "average", change: null, label: "Neuroticism" });
    expect(n.insight.length).toBeGreaterThan(40);
    expect(n.facets.map((f) => f.label)).toEqual(["Anxiety", "Anger", "Depression", "Self-Consciousness", "Immoderation", "Vulnerability"]);
    // A finished questionnaire takes no more answers.
    const late = await answer(cookie, first, [{ item: 1, value: 5 }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(personalityMessages.attemptFinished);

    // Retaken against the same group: the change since the first is shown.
    const second = (await start(cookie)).json().attempt.id as string;
    expect(second).not.toBe(first);
    await answer(cookie, second, everything(5));
    const retaken = (await complete(cookie, second, { sex: "female" })).json() as PersonalityState;
    const o = retaken.latest!.domains.find((d) => d.domain === "O")!;
    const before = profile.domains.find((d) => d.domain === "O")!;
    expect(o.change).toBe(o.percentile - before.percentile);
    // Taken again without a sex: compared with both, so a change against the women's norms would mislead: none shown.
    const third = (await start(cookie)).json().attempt.id as string;
    await answer(cookie, third, everything(5));
    const mixed = (await complete(cookie, third)).json() as PersonalityState;
    expect(mixed.latest!.normGroup).toBe("people aged 21 to 40 (no sex was given, so the average of the women's and men's norms)");
    expect(mixed.latest!.domains.map((d) => d.change)).toEqual([null, null, null, null, null]);
    expect(mixed.history.map((h) => h.attemptId)).toEqual([third, second, first]);

    const stored = await t.owner.query(`SELECT count(*)::int AS n FROM trait_scores s JOIN "user" u ON u.id = s.user_id WHERE u.email = 'profile@example.com'`);
    expect(stored.rows[0].n).toBe(105);
    const mapped = await t.owner.query(
      `SELECT category, cardinality(traits) AS n FROM consciousness_traits c JOIN "user" u ON u.id = c.user_id WHERE u.email = 'profile@example.com' ORDER BY category`,
    );
    expect(mapped.rows).toEqual([
      { category: "business", n: 8 },
      { category: "creative", n: 6 },
      { category: "family", n: 8 },
      { category: "philosophical", n: 8 },
    ]);
  });

  it("without a birthday, uses the age band the person chose, and says so when they gave none", async () => {
    const { cookie, id: userId } = await newUser(t, "noage@example.com");
    // An account from before sign-up asked the date of birth, which never gave one.
    await t.owner.query(`UPDATE profiles SET birthday = NULL WHERE user_id = $1`, [userId]);
    const id = (await start(cookie)).json().attempt.id as string;
    await answer(cookie, id, everything(2));
    expect((await complete(cookie, id, { sex: "nonsense" })).statusCode).toBe(400);
    const done = (await complete(cookie, id, { sex: null, ageBand: null })).json() as PersonalityState;
    expect(done.latest!.normGroup).toBe(
      "people of every age (no sex was given, so the average of the women's and men's norms; no age was given, so the average of the four age bands)",
    );
    const other = (await start(cookie)).json().attempt.id as string;
    await answer(cookie, other, everything(2));
    expect(((await complete(cookie, other, { sex: "male", ageBand: "over-60" })).json() as PersonalityState).latest!.normGroup).toBe("men aged over 60");
  });

  it("nobody else reads, answers or completes someone's questionnaire", async () => {
    const owner = await newUser(t, "mine@example.com");
    const stranger = await newUser(t, "stranger@example.com");
    const id = (await start(owner.cookie)).json().attempt.id as string;
    await answer(owner.cookie, id, everything(4));
    for (const response of [await answer(stranger.cookie, id, [{ item: 1, value: 1 }]), await complete(stranger.cookie, id), await answer(stranger.cookie, "not-an-id", [{ item: 1, value: 1 }])]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("personality_attempt_not_found");
    }
    expect((await state(stranger.cookie)).inProgress).toBeNull();
    expect((await state(owner.cookie)).inProgress?.answers[0]).toBe(4);
  });
});
