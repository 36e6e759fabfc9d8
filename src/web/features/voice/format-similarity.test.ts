import { describe, expect, it } from "vitest";
import { formatSimilarity, similarityNote } from "./voice-clone-list";

describe("the similarity shown for a clone", () => {
  it("is a percent with one decimal, or — when there is none", () => {
    expect(formatSimilarity(0.8734)).toBe("87.3 %");
    expect(formatSimilarity(1)).toBe("100.0 %");
    expect(formatSimilarity(0)).toBe("0.0 %");
    expect(formatSimilarity(null)).toBe("—");
  });

  it("says what it measures, or why a ready clone has none", () => {
    expect(similarityNote({ status: "training", similarity: null, provider: "local" })).toBeNull();
    expect(similarityNote({ status: "ready", similarity: 0.2, provider: "local" })).toMatch(/timbre .* and pitch: 100 % is as alike as two recordings of one speaker/);
    expect(similarityNote({ status: "ready", similarity: null, provider: "elevenlabs" })).toMatch(/not measured for ElevenLabs/);
    expect(similarityNote({ status: "ready", similarity: null, provider: "local" })).toMatch(/Train it again/);
  });
});
