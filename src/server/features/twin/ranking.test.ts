import { describe, expect, it } from "vitest";
import { readQuestion } from "./query-terms";
import { rankCandidates, type Candidate } from "./ranking";

function rank(question: string, candidates: Array<Omit<Candidate<string>, "matches"> & { words?: string[] }>) {
  const { groups, emotions, wantsAdvice } = readQuestion(question);
  const full = candidates.map((c) => ({ ...c, matches: groups.map((g) => (c.words ?? []).some((w) => g.variants.includes(w))) }));
  const df = groups.map((_, i) => full.filter((c) => c.matches[i]).length);
  return rankCandidates({ groups, corpusSize: full.length, documentFrequency: df, emotions, wantsAdvice, candidates: full });
}

describe("rankCandidates", () => {
  it("cites what is close in meaning even without a shared word", () => {
    const r = rank("When did your little girl come into the world?", [
      { item: "birth", kind: "memory", meaning: 0.5 },
      { item: "garden", kind: "memory", meaning: 0.2 },
    ]);
    expect(r.cited.map((c) => c.item)).toEqual(["birth"]);
  });

  it("declines what is only near: moderately close in meaning with no topic word in common", () => {
    const r = rank("Have you ever owned a cat?", [{ item: "dog", kind: "memory", meaning: 0.4 }]);
    expect(r.confident).toBe(false);
    expect(r.cited).toEqual([]);
  });

  it("accepts moderate meaning when a real topic word is shared, but not a light one", () => {
    expect(rank("Did you ever go on strike at work?", [{ item: "strike", kind: "memory", meaning: 0.36, words: ["strike"] }]).cited).toHaveLength(1);
    expect(rank("Did you ever play the guitar?", [{ item: "jukebox", kind: "memory", meaning: 0.38, words: ["play"] }]).cited).toHaveLength(0);
  });

  it("finds a name the encoder does not know by its words, and material without vectors by words alone", () => {
    expect(rank("How did you meet tomas?", [{ item: "tomas", kind: "memory", meaning: 0.2, words: ["tomas"] }]).cited).toHaveLength(1);
    expect(rank("What prize did your quilt win?", [{ item: "quilt", kind: "memory", meaning: null, words: ["quilt", "prize", "win"] }]).cited).toHaveLength(1);
    expect(rank("What prize did your quilt win?", [{ item: "quilt", kind: "memory", meaning: null, words: [] }]).cited).toHaveLength(0);
  });

  it("prefers calibration answers for advice and memories for recollection", () => {
    const both = [
      { item: "answer", kind: "calibration" as const, meaning: 0.5 },
      { item: "memory", kind: "memory" as const, meaning: 0.5 },
    ];
    expect(rank("Should I lend my friend money?", both).cited[0]?.item).toBe("answer");
    expect(rank("Did you ever lend a friend money?", both).cited[0]?.item).toBe("memory");
  });

  it("cites at most three of each kind, and only those close to the best", () => {
    const r = rank("Tell me about summers at the lake", [
      { item: "a", kind: "memory", meaning: 0.6 },
      { item: "b", kind: "memory", meaning: 0.58 },
      { item: "c", kind: "memory", meaning: 0.57 },
      { item: "d", kind: "memory", meaning: 0.565 },
      { item: "e", kind: "memory", meaning: 0.45 },
    ]);
    expect(r.cited.map((c) => c.item)).toEqual(["a", "b", "c"]);
  });
});
