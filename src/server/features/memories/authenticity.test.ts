import { describe, expect, it } from "vitest";
import { authenticityParts, computeAuthenticityScore } from "./authenticity";

const rich =
  "On 12 June 1984 my grandmother Rosa took me to the Porta Nolana market in Naples. I remember the smell of warm bread, " +
  "the loud voices of the sellers and the taste of sweet figs she bought for us. We walked home along the harbour " +
  "while the sun went down, and she told me about her own mother, who sold lemons on the same street before the war. " +
  "I still keep the little blue basket she carried that day, and every summer I fill it with figs from our tree to " +
  "remember her hands, her laugh and the way she bargained with every seller as if it were a game she could not lose. " +
  "My children know the story by heart now, and we tell it again each August.";

describe("authenticity score", () => {
  it("is 0 for nothing and stays within 0–100", () => {
    expect(computeAuthenticityScore("", [])).toBe(0);
    expect(computeAuthenticityScore(rich, ["family", "italy", "food"])).toBe(100);
  });

  it("is deterministic", () => {
    expect(computeAuthenticityScore(rich, ["family"])).toBe(computeAuthenticityScore(rich, ["family"]));
  });

  it("weights length up to 120 words (40 points)", () => {
    expect(authenticityParts("word ".repeat(60), []).length).toBeCloseTo(20);
    expect(authenticityParts("word ".repeat(500), []).length).toBe(40);
  });

  it("counts first-person markers, up to five (20 points)", () => {
    expect(authenticityParts("I love my dog and we walk.", []).firstPerson).toBeCloseTo(12);
    expect(authenticityParts("The dog walks.", []).firstPerson).toBe(0);
  });

  it("counts numbers and dates, proper nouns not at a sentence start, and sensory words", () => {
    const parts = authenticityParts("It was 1999. Then Anna and Marco came to Paris in May, the rain was cold.", []);
    expect(parts.numbers).toBe(10); // 1999 and May
    expect(parts.properNouns).toBe(10); // Anna, Marco, Paris; "It" and "Then" start sentences
    expect(parts.sensory).toBeCloseTo(10 * (2 / 3)); // rain, cold
  });

  it("gives tags up to 10 points", () => {
    expect(authenticityParts("x", []).tags).toBe(0);
    expect(authenticityParts("x", ["a"]).tags).toBe(5);
    expect(authenticityParts("x", ["a", "b", "c"]).tags).toBe(10);
  });

  it("scores a detailed first-hand memory above a vague one", () => {
    expect(computeAuthenticityScore(rich, [])).toBeGreaterThan(computeAuthenticityScore("Things happened once, it was nice.", []));
  });
});
