import { describe, expect, it } from "vitest";
import { askerRole, fromOwnersSide } from "./kinship";

const ask = (relationship: string, question: string) => fromOwnersSide(question, askerRole(relationship));

describe("questions read from the asker's side", () => {
  it("reads a contact's relationship as a role", () => {
    expect(["eldest daughter", "Son", "grandson", "great-granddaughter", "my niece", "younger brother", "friend from the choir", "lawyer"].map(askerRole)).toEqual([
      "child", "child", "grandchild", "great-grandchild", "niece-nephew", "sibling", "friend", null,
    ]);
  });

  it("rewrites a daughter's or son's kin words from the owner's side", () => {
    expect(ask("daughter", "Mom, how did you and Dad get together?")).toBe("How did you and your husband get together?");
    expect(ask("son", "Did Grandpa teach you to fish?")).toBe("Did your father teach you to fish?");
    expect(ask("daughter", "What was my brother like as a baby?")).toBe("What was your son like as a baby?");
  });

  it("rewrites a grandchild's: Grandpa is the owner's husband, Great-Grandpa her father, my mum her daughter", () => {
    expect(ask("granddaughter", "Grandma, when did you marry Grandpa?")).toBe("When did you marry your husband?");
    expect(ask("grandson", "Did Great-Grandpa teach you to play the piano?")).toBe("Did your father teach you to play the piano?");
    expect(ask("grandson", "What was my mum like as a girl?")).toBe("What was your daughter like as a girl?");
  });

  it("rewrites a niece's or nephew's, and leaves a friend's and the owner's own words alone", () => {
    expect(ask("nephew", "Auntie, did you and my dad share a room?")).toBe("Did you and your brother share a room?");
    expect(ask("friend", "Did your husband like dancing?")).toBe("Did your husband like dancing?");
    expect(fromOwnersSide("Did Dad teach you to sail?", null)).toBe("Did Dad teach you to sail?");
    expect(ask("daughter", "Did your father teach you to sail?")).toBe("Did your father teach you to sail?");
  });
});

describe("kin words that name someone else's kin", () => {
  it("leaves 'a sister', 'her brother' and in-laws as said", () => {
    expect(fromOwnersSide("Did Grandma have a sister?", "grandchild")).toBe("Did your wife have a sister?");
    expect(fromOwnersSide("Was her brother a sailor?", "child")).toBe("Was her brother a sailor?");
    expect(fromOwnersSide("Did you like my brother-in-law?", "child")).toBe("Did you like my brother-in-law?");
    expect(askerRole("son-in-law")).toBeNull();
    expect(askerRole("daughter in law")).toBeNull();
  });
});
