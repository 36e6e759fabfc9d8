import { describe, expect, it } from "vitest";
import { asFirstPerson, readQuestion, WEAK_WEIGHT } from "./query-terms";

describe("readQuestion", () => {
  it("drops filler, keeps topics, joins irregular forms and synonyms", () => {
    const { groups, wantsAdvice } = readQuestion("Who taught you how to drive?");
    expect(groups.map((g) => g.word)).toEqual(["taught", "drive"]);
    expect(groups[0]?.variants).toContain("teach");
    expect(groups[1]?.variants).toEqual(expect.arrayContaining(["drive", "drove", "driven"]));
    expect(wantsAdvice).toBe(false);
  });

  it("counts kinship and light words a little", () => {
    const { groups } = readQuestion("What did Grandma cook on Sundays?");
    expect(groups.find((g) => g.word === "grandma")?.weight).toBe(WEAK_WEIGHT);
    expect(groups.find((g) => g.word === "cook")?.weight).toBe(1);
  });

  it("recognises requests for advice and named feelings", () => {
    expect(readQuestion("Should I lend my brother money?").wantsAdvice).toBe(true);
    expect(readQuestion("I'm thinking of moving abroad. What do you think?").wantsAdvice).toBe(true);
    expect(readQuestion("When were you proudest?").emotions).toEqual(["Pride"]);
  });

  it("returns no groups for a question made only of filler", () => {
    expect(readQuestion("What do you think about it?").groups).toEqual([]);
  });

  it("keeps possessives and curly apostrophes from breaking words", () => {
    expect(readQuestion("What was your dad’s boat called?").groups.map((g) => g.word)).toEqual(["dad", "boat", "called"]);
  });
});

describe("readQuestion: any person's words", () => {
  it("folds accents, so a name matches however it is typed, and keeps capitalised names as names", () => {
    const upper = readQuestion("How did you meet TOMÁS?").groups.find((g) => g.word === "tomas");
    const lower = readQuestion("how did you meet tomas?").groups.find((g) => g.word === "tomas");
    expect(upper?.stems).toEqual(lower?.stems);
    expect(readQuestion("How did you meet Tomás?").groups.find((g) => g.word === "tomas")?.isName).toBe(true);
  });

  it("reads words of other scripts instead of dropping them", () => {
    expect(readQuestion("Did you visit Kraków and Ålesund?").groups.map((g) => g.word)).toEqual(["visit", "krakow", "alesund"]);
  });
});

describe("asFirstPerson", () => {
  it("says the question as the person would of themselves, as memories are written", () => {
    expect(asFirstPerson("How did you and your husband first cross paths?")).toBe("How did I and my husband first cross paths?");
    expect(asFirstPerson("You’re proud of yourself, aren't you?")).toBe("I'm proud of myself, aren't I?");
    expect(asFirstPerson("Should I lend my brother money?")).toBe("Should I lend my brother money?");
  });
});
