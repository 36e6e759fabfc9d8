import { describe, expect, it } from "vitest";
import { relations, type Relation } from "./relations";
import type { Pos } from "./wordnet";

const relate = (question: string, material: string, pos: Pos = "n") => relations().relate({ lemma: question, pos }, { lemma: material, pos });

const table = (rows: Array<[string, string, Relation, Pos?]>) => rows.map(([q, m, expected, pos]) => ({ q, m, expected, got: relate(q, m, pos) }));

describe("relations between a question's word and the material's (WordNet 3.1 with general English)", () => {
  it("finds material that supports the question: the same thing, or something more specific", () => {
    const rows = table([
      ["pasta", "lasagna", "specific"],
      ["treatment", "chemotherapy", "specific"],
      ["portugal", "lisbon", "specific"],
      ["europe", "lisbon", "specific"],
      ["dog", "collie", "specific"],
      ["pet", "dog", "specific"],
      ["pet", "cat", "specific"],
      ["boat", "ship", "equivalent"],
      ["town", "city", "equivalent"],
      ["teacher", "professor", "equivalent"],
      ["mom", "mother", "equivalent"],
      ["grandpa", "grandfather", "equivalent"],
      ["dog", "dog", "equivalent"],
    ]);
    expect(rows.filter((r) => r.got !== r.expected)).toEqual([]);
  });

  it("finds material that contradicts the question: a close alternative", () => {
    const rows = table([
      ["cat", "dog", "alternative"],
      ["brazil", "portugal", "alternative"],
      ["sister", "brother", "alternative"],
      ["piano", "violin", "alternative"],
      ["husband", "wife", "alternative"],
      ["nurse", "teacher", "alternative"],
      ["son", "daughter", "alternative"],
      ["tokyo", "osaka", "alternative"],
      ["bicycle", "car", "alternative"],
    ]);
    expect(rows.filter((r) => r.got !== r.expected)).toEqual([]);
  });

  it("leaves unrelated words, and material more general than the question, as neither", () => {
    const rows = table([
      ["piano", "garden", "unrelated"],
      ["dog", "animal", "unrelated"],
      ["teach", "learn", "unrelated", "v"],
      ["zzyzx", "dog", "unrelated"],
    ]);
    expect(rows.filter((r) => r.got !== r.expected)).toEqual([]);
  });
});
