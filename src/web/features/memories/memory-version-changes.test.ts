import { describe, expect, it } from "vitest";
import type { MemoryVersion } from "../../../contract/memories";
import { diffText, fieldChanges, gapAfter } from "./memory-version-changes";

const version = (over: Partial<MemoryVersion>): MemoryVersion => ({
  id: "v",
  version: 1,
  content: "We moved to the house on Alder Street.",
  emotion: "Joy",
  category: "family",
  tags: ["home"],
  emotionalIntensity: 5,
  happenedOn: "1967",
  createdAt: "2026-11-26T10:00:00Z",
  ...over,
});

describe("what changed between two versions of a memory", () => {
  it("keeps a removed word and the word added in its place apart, so they never read as one", () => {
    const parts = diffText("I worked at the bookshop on Main Street.", "I worked at Fletcher's Books on Main Street.");
    const shown = parts.map((p, i) => p.text + (gapAfter(parts, i) ? " " : "")).join("");
    expect(shown).toContain("the bookshop Fletcher's Books on");
    expect(parts.map((p, i) => gapAfter(parts, i))).toContain(true);
    // Parts already apart by a space get none.
    const spaced = diffText("We moved to the house.", "We moved to the blue house.");
    expect(spaced.map((_, i) => gapAfter(spaced, i))).not.toContain(true);
  });

  it("marks the words added and removed, keeping the rest", () => {
    const parts = diffText("We moved to the house on Alder Street.", "In 1967 we moved to the blue house on Alder Street.");
    expect(parts.filter((p) => p.kind === "added").map((p) => p.text.trim())).toEqual(["In 1967 we", "blue"]);
    expect(parts.filter((p) => p.kind === "removed").map((p) => p.text.trim())).toEqual(["We"]);
    // The newer text reads back from the kept and added parts, the older from the kept and removed ones.
    expect(parts.filter((p) => p.kind !== "removed").map((p) => p.text).join("")).toBe("In 1967 we moved to the blue house on Alder Street.");
    expect(parts.filter((p) => p.kind !== "added").map((p) => p.text).join("")).toBe("We moved to the house on Alder Street.");
  });

  it("an unchanged text is one kept part", () => {
    expect(diffText("Same words.", "Same words.")).toEqual([{ kind: "same", text: "Same words." }]);
  });

  it("lists each changed field with its value before and after, and nothing else", () => {
    const before = version({});
    expect(fieldChanges(before, version({ content: "Other words" }))).toEqual([]);
    expect(fieldChanges(before, version({ emotion: "Nostalgia", tags: ["Home", "Alder Street"], emotionalIntensity: 8, happenedOn: "1967-09" }))).toEqual([
      { label: "Emotion", before: "Joy", after: "Nostalgia" },
      { label: "Tags", before: "#home", after: "#Home #Alder Street" },
      { label: "Intensity", before: "5/10", after: "8/10" },
      { label: "When it happened", before: "1967", after: "September 1967" },
    ]);
    expect(fieldChanges(before, version({ category: "career", happenedOn: null }))).toEqual([
      { label: "Category", before: "Family", after: "Career" },
      { label: "When it happened", before: "1967", after: "not given" },
    ]);
  });
});
