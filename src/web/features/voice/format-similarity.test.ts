import { describe, expect, it } from "vitest";
import { formatSimilarity } from "./voice-clone-list";

describe("the similarity shown for a clone", () => {
  it("is a percent with one decimal once measured, '—' before training ends, and 'Not measured' for a ready clone without a figure", () => {
    expect(formatSimilarity(0.8734, "ready")).toBe("87.3 %");
    expect(formatSimilarity(1, "ready")).toBe("100.0 %");
    expect(formatSimilarity(null, "training")).toBe("—");
    expect(formatSimilarity(null, "error")).toBe("—");
    expect(formatSimilarity(null, "ready")).toBe("Not measured");
  });
});
