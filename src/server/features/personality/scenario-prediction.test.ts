import { describe, expect, it } from "vitest";
import { choiceTendencies, predictChoice, type PredictionMaterial } from "./scenario-prediction";
import type { DecisionScenario } from "./scenario-types";

// Hand-computed examples of the formula in docs/formulas.md ("Decision scenarios").
const scenario: DecisionScenario = {
  id: "test-plan",
  domain: "business",
  prompt: "A project lands on your desk with a loose deadline.",
  options: [
    { text: "I'd plan every step first.", leans: { C: 1 } },
    { text: "I'd start and see where it goes.", leans: { C: -1 } },
    { text: "I'd ask the team how they want to do it.", leans: { A: 1 } },
  ],
};
const other: DecisionScenario = {
  id: "test-trip",
  domain: "creative",
  prompt: "A free weekend opens up unexpectedly.",
  options: [
    { text: "I'd go somewhere I have never been.", leans: { O: 1 } },
    { text: "I'd do what I always enjoy.", leans: { O: -1 } },
    { text: "I'd tidy the house.", leans: { C: 0.5 } },
  ],
};
const nothing: PredictionMaterial = { percentiles: {}, choices: [], evidence: null };

describe("predicting a scenario choice", () => {
  it("scores each option's leanings against the measured profile: (percentile − 50) ÷ 50 per domain", () => {
    // C at the 90th: plan 0.8, start −0.8, ask 0 (A at the 50th counts 0).
    expect(predictChoice(scenario, { ...nothing, percentiles: { C: 90, A: 50 } })).toEqual({ predicted: 1, scores: [0.8, -0.8, 0], basis: ["profile"] });
    // C at the 20th, A at the 95th: plan −0.6, start 0.6, ask 0.9.
    const low = predictChoice(scenario, { ...nothing, percentiles: { C: 20, A: 95 } });
    expect(low.predicted).toBe(3);
    expect(low.scores.map((s) => Number(s.toFixed(6)))).toEqual([-0.6, 0.6, 0.9]);
  });

  it("predicts nothing when it has nothing to go on", () => {
    expect(predictChoice(scenario, nothing)).toEqual({ predicted: null, scores: [0, 0, 0], basis: [] });
    // A profile of domains the options do not differ on says nothing either.
    expect(predictChoice(scenario, { ...nothing, percentiles: { O: 99 } }).predicted).toBeNull();
  });

  it("reads tendencies from the person's other choices, shrunk while there are few", () => {
    // In `other` the options' openness is [1, −1, 0]: choosing the first is 1 above the mean over half the range 1,
    // so openness tends +1 × 1 ÷ (1 + 3) = 0.25; conscientiousness [0, 0, 0.5]: −1/6 over 0.25, × 1/4 = −1/6.
    const t = choiceTendencies([{ scenario: other, choice: 1 }]);
    expect(t.O).toBeCloseTo(0.25, 10);
    expect(t.C).toBeCloseTo(-1 / 6, 10);
    expect(t.E).toBeUndefined();
    // Here only conscientiousness differs: plan −1/6, start +1/6, ask 0.
    const p = predictChoice(scenario, { ...nothing, choices: [{ scenario: other, choice: 1 }] });
    expect(p.predicted).toBe(2);
    expect(p.basis).toEqual(["choices"]);
  });

  it("adds 8 × how much closer in meaning an option is than the options' mean", () => {
    const evidence = { similarity: [0.5, 0.4, 0.45], from: ["memories" as const] };
    const alone = predictChoice(scenario, { ...nothing, evidence });
    expect(alone.predicted).toBe(1);
    expect(alone.scores.map((s) => Number(s.toFixed(6)))).toEqual([0.4, -0.4, 0]);
    expect(alone.basis).toEqual(["memories"]);
    // With C at the 20th: plan −0.6 + 0.4, start 0.6 − 0.4, ask 0: the profile wins.
    const both = predictChoice(scenario, { ...nothing, percentiles: { C: 20 }, evidence: { ...evidence, from: ["calibration", "memories"] } });
    expect(both.predicted).toBe(2);
    expect(both.basis).toEqual(["profile", "memories", "calibration"]);
  });

  it("takes the first option on a tie", () => {
    expect(predictChoice(scenario, { ...nothing, percentiles: { C: 50 } })).toMatchObject({ predicted: 1, basis: ["profile"] });
  });

  it("refuses material that contains the answer it predicts", () => {
    expect(() => predictChoice(scenario, { ...nothing, choices: [{ scenario, choice: 2 }] })).toThrow("A prediction may not see the answer it predicts.");
  });
});
