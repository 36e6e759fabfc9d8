import { describe, expect, it } from "vitest";
import { estimateTokens, truncateToTokens } from "./token-estimate";

describe("token estimate", () => {
  it("counts short words as one token, long words as several, punctuation as one", () => {
    expect(estimateTokens("I am here.")).toBe(4);
    expect(estimateTokens("extraordinarily")).toBe(3);
    expect(estimateTokens("")).toBe(0);
  });
  it("truncates at a word boundary within the budget", () => {
    const cut = truncateToTokens("one two three four five", 3);
    expect(cut).toBe("one two three");
    expect(estimateTokens(cut)).toBeLessThanOrEqual(3);
  });
});
