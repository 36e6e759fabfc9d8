import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerScenarioResponseSchema, personalityStateSchema, SCENARIO_RULES, scenarioMessages, scenarioStateSchema, type ScenarioState } from "../../../contract";
import { withUserScope } from "../../db/user-scope";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";
import { PERSONALITY_ITEMS } from "./items";
import { scenarioById } from "./scenario-order";
import { meaningEvidence } from "./scenario-evidence";
import { predictChoice } from "./scenario-prediction";
import { restoreScenarioAnswers } from "./scenario-portability";
import type { DecisionScenario } from "./scenario-types";

// Decision Scenario Testing (issue 17): the twin predicts each first answer before it is stored, the person is asked
// some again after 14 days, and fidelity = agreement ÷ consistency once there are enough of both.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
async function addMemory(cookie: string, content: string): Promise<string> {
  const response = await send(t, "POST", "/api/memories", { content, emotion: "Joy", category: "personal" }, cookie);
  expect(response.statusCode).toBe(201);
  return response.json().memory.id;
}
const state = async (cookie: string) => scenarioStateSchema.parse((await get(t, "/api/personality/scenarios", cookie)).json());
const answer = (cookie: string, scenarioId: string, body: Record<string, unknown>) => send(t, "POST", `/api/personality/scenarios/${scenarioId}/answers`, body, cookie);
const storedCount = async (userId: string) => (await t.owner.query(`SELECT count(*)::int AS n FROM scenario_answers WHERE user_id = $1`, [userId])).rows[0].n as number;

/** Answers the next scenario with `choice` (the last option when there are fewer), as the stage it is at. */
async function answerNext(cookie: string, choice: number | ((s: ScenarioState) => number), words = "") {
  const before = await state(cookie);
  const next = before.next!;
  const pick = typeof choice === "number" ? Math.min(choice, next.scenario.options.length) : choice(before);
  const response = await answer(cookie, next.scenario.id, { kind: next.kind, choice: pick, words });
  expect(response.statusCode, response.body).toBe(201);
  return { next, ...answerScenarioResponseSchema.parse(response.json()) };
}

/** A completed questionnaire: conscientiousness answered at its top, everything else in the middle. */
async function takeQuestionnaire(cookie: string) {
  const id = (await send(t, "POST", "/api/personality/attempts", undefined, cookie)).json().attempt.id as string;
  const answers = PERSONALITY_ITEMS.map((i) => ({ item: i.number, value: i.domain === "C" ? (i.reverse ? 1 : 5) : 3 }));
  await send(t, "PUT", `/api/personality/attempts/${id}/answers`, { answers }, cookie);
  expect((await send(t, "POST", `/api/personality/attempts/${id}/complete`, { sex: "female", ageBand: "41-60" }, cookie)).statusCode).toBe(200);
  return personalityStateSchema.parse((await get(t, "/api/personality", cookie)).json()).latest!;
}

describe("answering scenarios", () => {
  it("offers the bank one domain after another, stores the choice and the person's own words, and says what fidelity still needs", async () => {
    const { cookie } = await newUser(t, "first@example.com");
    const empty = await state(cookie);
    expect(empty.total).toBeGreaterThanOrEqual(40);
    expect(empty).toMatchObject({ answered: 0, recent: [], next: { kind: "first", scenario: { domain: "business" } } });
    expect(empty.figures).toEqual({
      predictions: 0,
      matches: 0,
      agreement: null,
      chance: null,
      retests: 0,
      consistent: 0,
      consistency: null,
      fidelity: null,
      needed: { predictions: SCENARIO_RULES.minPredictions, retests: SCENARIO_RULES.minRetests },
      nextRetestAt: null,
    });
    const { next, outcome, state: after } = await answerNext(cookie, 2, "  I would rather ask first.  ");
    const scenario = scenarioById.get(next.scenario.id)!;
    expect(next.scenario).toEqual({ id: scenario.id, domain: scenario.domain, domainLabel: "Business & Career", prompt: scenario.prompt, options: scenario.options.map((o) => o.text) });
    // A new person has no profile, no other choices and no memories: the twin says it had nothing to go on.
    expect(outcome).toMatchObject({ scenarioId: scenario.id, kind: "first", choice: scenario.options[1]!.text, words: "I would rather ask first.", predicted: null, matched: null, basis: [] });
    expect(after.answered).toBe(1);
    expect(after.next!.scenario.domain).toBe("family");
    expect(after.recent).toEqual([outcome]);
    expect(after.figures.predictions).toBe(0);
    expect(Date.parse(after.figures.nextRetestAt!) - Date.parse(outcome.answeredAt)).toBe(SCENARIO_RULES.retestAfterDays * DAY_MS);
  });

  it("refuses a bad answer with a message to act on, and stores nothing", async () => {
    const { cookie, id } = await newUser(t, "refused@example.com");
    const { next } = await state(cookie).then((s) => ({ next: s.next! }));
    const threeOptions = [...scenarioById.values()].find((s) => s.options.length === 3)!;
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      ["no-such-scenario", { kind: "first", choice: 1 }, 404, scenarioMessages.notFound],
      ["Not%20an%20id", { kind: "first", choice: 1 }, 404, scenarioMessages.notFound],
      [next.scenario.id, { kind: "first", choice: 0 }, 400, scenarioMessages.choiceInvalid],
      [next.scenario.id, { kind: "first", choice: 5 }, 400, scenarioMessages.choiceInvalid],
      [next.scenario.id, { kind: "first", choice: "two" }, 400, scenarioMessages.choiceInvalid],
      [threeOptions.id, { kind: "first", choice: 4 }, 400, scenarioMessages.choiceInvalid],
      [next.scenario.id, { kind: "first", choice: 1, words: "x".repeat(SCENARIO_RULES.wordsMax + 1) }, 400, scenarioMessages.wordsTooLong],
      [next.scenario.id, { kind: "later", choice: 1 }, 400, scenarioMessages.kindInvalid],
      [next.scenario.id, { kind: "retest", choice: 1 }, 409, scenarioMessages.retestNotDue],
    ];
    for (const [scenarioId, body, status, message] of cases) {
      const response = await answer(cookie, scenarioId, body);
      expect(response.statusCode, `${scenarioId} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    expect(await storedCount(id)).toBe(0);
    expect((await answer(cookie, next.scenario.id, { kind: "first", choice: 1 })).statusCode).toBe(201);
    // Answered once: the first answer stays as given, whatever is sent again.
    const again = await answer(cookie, next.scenario.id, { kind: "first", choice: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: "scenario_already_answered", message: scenarioMessages.alreadyAnswered });
    expect((await t.owner.query(`SELECT choice FROM scenario_answers WHERE user_id = $1`, [id])).rows).toEqual([{ choice: 1 }]);
  });

  it("keeps one answer when two tabs answer the same scenario at once", async () => {
    const { cookie, id } = await newUser(t, "two.tabs@example.com");
    const next = (await state(cookie)).next!;
    const [x, y] = await Promise.all([answer(cookie, next.scenario.id, { kind: "first", choice: 1 }), answer(cookie, next.scenario.id, { kind: "first", choice: 2 })]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    expect(await storedCount(id)).toBe(1);
  });
});

describe("the twin's prediction", () => {
  it("is made from the measured profile before the answer is stored, and is not changed by the answer", async () => {
    const { cookie, id } = await newUser(t, "predicted@example.com");
    const profile = await takeQuestionnaire(cookie);
    const percentiles = Object.fromEntries(profile.domains.map((d) => [d.domain, d.percentile]));
    expect(percentiles.C).toBeGreaterThan(90);
    const next = (await state(cookie)).next!;
    const scenario = scenarioById.get(next.scenario.id)!;
    const expected = predictChoice(scenario, { percentiles, choices: [], evidence: null }).predicted!;
    // The person picks another option than the twin would: the stored prediction is still the twin's own.
    const other = expected === 1 ? 2 : 1;
    const { outcome } = await answerNext(cookie, other);
    expect(outcome).toMatchObject({ predicted: scenario.options[expected - 1]!.text, matched: false, basis: ["your Big Five profile"] });
    expect((await t.owner.query(`SELECT predicted, choice, basis FROM scenario_answers WHERE user_id = $1`, [id])).rows).toEqual([{ predicted: expected, choice: other, basis: ["profile"] }]);
  });

  it("learns from the person's other choices, never from the scenario it predicts", async () => {
    const { cookie } = await newUser(t, "choices@example.com");
    // Without a profile or memories, the first answer gets no prediction; the second draws on the first.
    const first = await answerNext(cookie, 1);
    expect(first.outcome.predicted).toBeNull();
    const next = (await state(cookie)).next!;
    const scenario = scenarioById.get(next.scenario.id)!;
    const expected = predictChoice(scenario, { percentiles: {}, choices: [{ scenario: scenarioById.get(first.next.scenario.id)!, choice: 1 }], evidence: null });
    const second = await answerNext(cookie, 1);
    expect(second.outcome.predicted).toBe(expected.predicted ? scenario.options[expected.predicted - 1]!.text : null);
    if (expected.predicted) expect(second.outcome.basis).toEqual(["your choices in other scenarios"]);
  });

  it("weighs which option is nearer in meaning to the person's memories, hidden memories left out", async () => {
    const { cookie, id } = await newUser(t, "meaning@example.com");
    const hidden = await addMemory(cookie, "Every Sunday I bake bread with my grandchildren and we eat it warm in the garden.");
    await send(t, "PATCH", `/api/memories/${hidden}`, { hiddenFromTwin: true }, cookie);
    const decision: DecisionScenario = {
      id: "test-sunday",
      domain: "family",
      prompt: "You have a free Sunday afternoon.",
      options: [
        { text: "I'd bake bread with the grandchildren.", leans: { A: 1 } },
        { text: "I'd go for a long run alone.", leans: { E: -1 } },
        { text: "I'd repaint the fence.", leans: { C: 1 } },
      ],
    };
    await t.drainJobs();
    expect(await meaningEvidence(t.ctx, id, decision, new Date())).toBeNull();
    await addMemory(cookie, "Running alone along the river at dawn is where I do my best thinking; I run twenty kilometres most weekends.");
    await t.drainJobs();
    const evidence = (await meaningEvidence(t.ctx, id, decision, new Date()))!;
    expect(evidence.from).toEqual(["memories"]);
    expect(evidence.similarity[1]).toBeGreaterThan(evidence.similarity[0]!);
    expect(evidence.similarity[1]).toBeGreaterThan(evidence.similarity[2]!);
    expect(predictChoice(decision, { percentiles: {}, choices: [], evidence })).toMatchObject({ predicted: 2, basis: ["memories"] });
  });
});

describe("retests and fidelity", () => {
  it("asks first answers again after 14 days (a few, hidden until then), and computes agreement ÷ consistency once there are enough", async () => {
    const { cookie } = await newUser(t, "fidelity@example.com");
    await takeQuestionnaire(cookie);
    const firsts: Array<{ id: string; choice: string; predicted: string | null }> = [];
    for (let i = 0; i < SCENARIO_RULES.retestMax + 1; i++) {
      const { next, outcome } = await answerNext(cookie, 1);
      expect(outcome.predicted).not.toBeNull();
      firsts.push({ id: next.scenario.id, choice: outcome.choice, predicted: outcome.predicted });
    }
    const before = await state(cookie);
    expect(before.next!.kind).toBe("first");
    const matches = firsts.filter((f) => f.predicted === f.choice).length;
    expect(before.figures).toMatchObject({ predictions: firsts.length, matches, agreement: matches / firsts.length, needed: { predictions: 0, retests: SCENARIO_RULES.minRetests }, fidelity: null });

    t.ctx.clock.advance(SCENARIO_RULES.retestAfterDays * DAY_MS + 60_000);
    const due = await state(cookie);
    // The oldest first answer comes back first, and is out of the list of recent answers until it has been answered.
    expect(due.next).toMatchObject({ kind: "retest", scenario: { id: firsts[0]!.id } });
    expect(due.recent.map((r) => r.scenarioId)).not.toContain(firsts[0]!.id);
    expect(due.figures.nextRetestAt).toBeNull();

    // Five retests: the same option three times, another option twice.
    const same = [true, true, false, true, false];
    for (const [i, keep] of same.entries()) {
      const { next, outcome } = await answerNext(cookie, keep ? 1 : 2);
      expect(next).toMatchObject({ kind: "retest", scenario: { id: firsts[i]!.id } });
      expect(outcome).toMatchObject({ kind: "retest", predicted: null, matched: null, sameAsFirst: keep });
      if (i === 3) expect((await state(cookie)).figures).toMatchObject({ retests: 4, fidelity: null, needed: { retests: 1 } });
    }
    const figures = (await state(cookie)).figures;
    const agreement = matches / firsts.length;
    expect(figures).toMatchObject({ retests: 5, consistent: 3, consistency: 3 / 5, needed: { predictions: 0, retests: 0 } });
    expect(figures.fidelity).toBeCloseTo(agreement / (3 / 5), 10);
    // A retest is answered once.
    expect((await answer(cookie, firsts[0]!.id, { kind: "retest", choice: 1 })).json().error.message).toBe(scenarioMessages.retestAlreadyAnswered);

    // A few only: after retestMax retests, new scenarios again.
    for (let i = same.length; i < SCENARIO_RULES.retestMax; i++) expect((await answerNext(cookie, 1)).next.kind).toBe("retest");
    const done = await state(cookie);
    expect(done.next!.kind).toBe("first");
    expect(done.figures).toMatchObject({ retests: SCENARIO_RULES.retestMax, nextRetestAt: null });
    expect((await answer(cookie, firsts[SCENARIO_RULES.retestMax]!.id, { kind: "retest", choice: 1 })).json().error.message).toBe(scenarioMessages.retestNotDue);
  });
});

describe("whose answers", () => {
  it("another person sees none of them, and their own answers do not move the first person's figures", async () => {
    const a = await newUser(t, "owner-a@example.com");
    const b = await newUser(t, "owner-b@example.com");
    const { next } = await answerNext(a.cookie, 1, "private words");
    const seenByB = await state(b.cookie);
    expect(seenByB).toMatchObject({ answered: 0, recent: [] });
    // B answers the same scenario as their own first answer.
    expect((await answer(b.cookie, next.scenario.id, { kind: "first", choice: 2 })).statusCode).toBe(201);
    const seenByA = await state(a.cookie);
    expect(seenByA.recent).toHaveLength(1);
    expect(seenByA.recent[0]).toMatchObject({ words: "private words", choice: scenarioById.get(next.scenario.id)!.options[0]!.text });
    // Straight against the database, A's scope holds A's row only.
    const rows = await withUserScope(t.ctx.db, a.id, (tx) => tx.execute<{ user_id: string }>(sql`SELECT user_id FROM scenario_answers`));
    expect(rows.rows.map((r) => r.user_id)).toEqual([a.id]);
    // Answers are never changed or removed by the application, not even the owner's own.
    // (42501: insufficient privilege.)
    const refusedCode = (statement: ReturnType<typeof sql>) => withUserScope(t.ctx.db, a.id, (tx) => tx.execute(statement)).then(() => "allowed", (e: { cause?: { code?: string } }) => e.cause?.code);
    expect(await refusedCode(sql`UPDATE scenario_answers SET choice = 2`)).toBe("42501");
    expect(await refusedCode(sql`DELETE FROM scenario_answers`)).toBe("42501");
    // Signed out: nothing.
    expect((await get(t, "/api/personality/scenarios")).statusCode).toBe(401);
  });

  it("an import adds answers to scenarios the account has not answered, and skips what this version does not know", async () => {
    const { id } = await newUser(t, "restore@example.com");
    const all = [...scenarioById.values()];
    const three = all.find((s) => s.options.length === 3)!;
    const [s1, s4] = all.filter((s) => s !== three);
    const at = "2026-01-10T10:00:00.000Z";
    const now = new Date("2026-03-01T00:00:00Z");
    const row = (scenarioId: string, kind: "first" | "retest", choice: number, answeredAt = at, predicted: number | null = null) =>
      ({ scenarioId, kind, choice, words: "", predicted, basis: predicted ? (["profile"] as const).slice() : [], answeredAt });
    const restored = await withUserScope(t.ctx.db, id, (tx) =>
      restoreScenarioAnswers(
        tx,
        id,
        [
          row(s1!.id, "retest", 1, "2026-02-01T10:00:00.000Z"), // listed before its first answer: still restored after it
          row(s4!.id, "retest", 2, "2026-01-12T10:00:00.000Z"), // two days after its first answer: not a retest
          { ...row(s1!.id, "first", 2, at, 1), words: "mine" },
          row(s1!.id, "first", 3), // the same scenario again: the first one stands
          row("a-scenario-from-a-later-version", "first", 1),
          row(three.id, "first", 4), // an option this scenario does not have
          row(three.id, "retest", 1), // a retest without a first answer
          row(s4!.id, "first", 1, "2999-01-01T00:00:00.000Z"), // a date in the future is taken as now
        ],
        now,
      ),
    );
    expect(restored).toBe(3);
    const rows = (await t.owner.query(`SELECT scenario_id, kind, choice, words, predicted, basis, answered_at FROM scenario_answers WHERE user_id = $1`, [id])).rows;
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { scenario_id: s1!.id, kind: "first", choice: 2, words: "mine", predicted: 1, basis: ["profile"], answered_at: new Date(at) },
        { scenario_id: s1!.id, kind: "retest", choice: 1, words: "", predicted: null, basis: [], answered_at: new Date("2026-02-01T10:00:00Z") },
        { scenario_id: s4!.id, kind: "first", choice: 1, words: "", predicted: null, basis: [], answered_at: now },
      ]),
    );
  });
});
