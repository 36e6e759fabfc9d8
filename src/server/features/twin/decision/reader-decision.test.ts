import { describe, expect, it } from "vitest";
import { decideByReader, readerProbability, UNTRAINED } from "./reader-decision";

const reader = { nothingScore: 0.4, calibration: { a: 12, b: -0.8 } };
const entry = (id: string, meaning: number | null, words = 0, matched: string[] = [], decisiveContradiction = false) => ({ id, candidate: { meaning }, words, matched, decisiveContradiction });
const ids = (d: { cited: Array<{ id: string }> }) => d.cited.map((c) => c.id);

describe("the reader's decision (decision 0051)", () => {
  it("reads an encoder with no learned score (the benchmarks' MiniLM) against the base model's 0.55", () => {
    expect(ids(decideByReader("What was his job?", [entry("a", 0.56)], UNTRAINED))).toEqual(["a"]);
    expect(ids(decideByReader("What was his job?", [entry("a", 0.54)], UNTRAINED))).toEqual([]);
  });

  it("cites the best memory once its cosine reaches the learned score, and shows the calibrated chance", () => {
    expect(ids(decideByReader("What was his job?", [entry("a", 0.41), entry("b", 0.3)], reader))).toEqual(["a"]);
    expect(ids(decideByReader("What was his job?", [entry("a", 0.39), entry("b", 0.3)], reader))).toEqual([]);
    // At the learned score the calibrated chance is logistic(b), well under one half: the answer says so.
    expect(readerProbability(0.4, reader)).toBeCloseTo(1 / (1 + Math.exp(0.8)), 6);
    expect(decideByReader("What was his job?", [entry("a", 0.41)], reader).ranked[0]!.p).toBeLessThan(0.5);
  });

  it("cites a second memory only for a question about several moments, or when nearly certain of it", () => {
    const pool = [entry("a", 0.6), entry("b", 0.45)];
    expect(ids(decideByReader("Where did you live?", pool, reader))).toEqual(["a"]);
    expect(ids(decideByReader("Tell me about your trips", pool, reader))).toEqual(["a", "b"]);
    expect(ids(decideByReader("Where did you live?", [entry("a", 0.8), entry("b", 0.75)], reader))).toEqual(["a", "b"]);
  });

  it("where the reader is unsure, a memory holding every topic word of the question, none contradicted, answers", () => {
    const flat = entry("flat", 0.3, 1, ["flat", "bakery", "mill", "street"]);
    expect(ids(decideByReader("Tell me about the flat above the bakery on Mill Street.", [entry("other", 0.35), flat], reader))).toEqual(["flat"]);
    expect(ids(decideByReader("Tell me about the flat.", [entry("flat", 0.3, 1, ["flat"])], reader))).toEqual([]);
    expect(ids(decideByReader("Did your collie win a show?", [entry("dog", 0.3, 1, ["collie", "show"], true)], reader))).toEqual([]);
    expect(ids(decideByReader("Tell me about the flat above the bakery on Mill Street.", [flat], { ...reader, wordsAlone: false }))).toEqual([]);
  });
});
