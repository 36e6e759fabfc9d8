import { describe, expect, it } from "vitest";
import { splitTraitsTail } from "./traits-tail";

describe("splitTraitsTail", () => {
  it("takes the labels of a final Traits line off the summary", () => {
    expect(splitTraitsTail("You are kind.\n\nTraits: Warm, direct; family-oriented.")).toEqual({
      summary: "You are kind.",
      traits: ["warm", "direct", "family-oriented"],
    });
  });

  it("accepts the Markdown a model may add", () => {
    expect(splitTraitsTail("Text.\n\n**Traits:** `curious`, *humorous*").traits).toEqual(["curious", "humorous"]);
    expect(splitTraitsTail("Text.\n- traits: calm").traits).toEqual(["calm"]);
  });

  it("leaves the text alone when there is no tail, or the Traits line is followed by more prose", () => {
    expect(splitTraitsTail("  You are kind.  ")).toEqual({ summary: "You are kind.", traits: null });
    const middle = "Intro.\nTraits: a, b\nMore prose after it.";
    expect(splitTraitsTail(middle)).toEqual({ summary: middle, traits: null });
  });

  it("drops empty and duplicate labels and keeps at most eight", () => {
    expect(splitTraitsTail("x\nTraits: a1, , A1, b2, c3, d4, e5, f6, g7, h8, i9").traits).toEqual(["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
    expect(splitTraitsTail("x\nTraits: ,").traits).toBeNull();
  });
});
