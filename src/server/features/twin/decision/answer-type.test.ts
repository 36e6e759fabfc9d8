import { describe, expect, it } from "vitest";
import { readWords } from "../../../platform/lexicon/analyse";
import { asksWhen, asksWhere, asksWho, namesPerson, saysWhen, saysWhere } from "./answer-type";

// The answer types the decision weighs: whether the question asks when, where or who, and whether a memory holds a
// time, a place or a person. Memories in other words than any persona's, so the rules are read, not a fixture.
describe("answer types", () => {
  it("reads what a question asks for, past a word of address", () => {
    expect([asksWhen("Grandad, what year did you sail?"), asksWhere("Grandad, what year did you sail?")]).toEqual([true, false]);
    expect(asksWhere("Mum, where did you two go dancing?")).toBe(true);
    expect(asksWhere("Which village was the bakery in?")).toBe(true);
    expect(asksWho("Who taught you to drive?")).toBe(true);
    expect(asksWho("What was the ferryman's name?")).toBe(true);
    expect([asksWhen("Why did you leave?"), asksWhere("Why did you leave?"), asksWho("Why did you leave?")]).toEqual([false, false, false]);
  });

  it("finds a place by a name after a preposition of place or a word for a kind of place", () => {
    expect(saysWhere(readWords("We took the night train to Trieste and slept sitting up."))).toBe(true);
    expect(saysWhere(readWords("Our first flat was above a butcher's, and the stairs smelt of sawdust."))).toBe(true);
    expect(saysWhere(readWords("Tomasz laughed until he cried."))).toBe(false);
  });

  it("finds a person by a name that is not a place, or a word for a person, but not a weekday or a month", () => {
    expect(namesPerson(readWords("Tomasz laughed until he cried."))).toBe(true);
    expect(namesPerson(readWords("My neighbour brought soup every evening."))).toBe(true);
    expect(namesPerson(readWords("We took the night train to Trieste on a Sunday in March."))).toBe(false);
  });

  it("knows a memory says when by its stored date, a year, a season or an age", () => {
    expect(saysWhen("It rained all day.", "1971-05-02")).toBe(true);
    expect(saysWhen("The winter the pipes froze, we slept in our coats.", null)).toBe(true);
    expect(saysWhen("I was 19 years old and terrified.", null)).toBe(true);
    expect(saysWhen("It rained all day.", null)).toBe(false);
  });
});
