import { describe, expect, it } from "vitest";
import { contentStems, foldAccents, splitSentences, splitWords, stemWord } from ".";

describe("text: words", () => {
  it("folds accents and case the same for every spelling of a name", () => {
    expect(foldAccents("Tomás")).toBe("tomas");
    expect(foldAccents("TOMÁS")).toBe("tomas");
    expect(foldAccents("Zoë Øyvind Straße Łódź")).toBe("zoe oyvind strasse lodz");
    expect(foldAccents("It’s")).toBe("it's");
  });

  it("splits words of any script, keeping inner apostrophes and dropping punctuation", () => {
    expect(splitWords("Zoë's café, in Ålesund — 1986!")).toEqual(["Zoë's", "café", "in", "Ålesund", "1986"]);
    expect(splitWords("Мама пекла хлеб.")).toEqual(["Мама", "пекла", "хлеб"]);
    expect(splitWords("don't stop")).toEqual(["don't", "stop"]);
  });

  it("stems as Snowball English does, so inflections meet", () => {
    expect(stemWord("married")).toBe(stemWord("marrying"));
    expect(stemWord("grandchildren")).toBe("grandchildren");
    expect(stemWord("mother's")).toBe("mother");
    expect(stemWord("quilting")).toBe(stemWord("quilts"));
  });

  it("keeps only content words, folded and stemmed", () => {
    expect(contentStems("I met Tomás at the wedding")).toEqual(["met", "toma", "wed"]);
    expect(contentStems("")).toEqual([]);
  });
});

describe("text: sentences", () => {
  it("splits on sentence ends but not after titles, saints or initials", () => {
    expect(splitSentences("Mr. Castillo taught me. It cost 3.5 dollars! Was it worth it? St. Louis in Aug. 1976 with J. R. Smith.")).toEqual([
      "Mr. Castillo taught me.",
      "It cost 3.5 dollars!",
      "Was it worth it?",
      "St. Louis in Aug. 1976 with J. R. Smith.",
    ]);
  });

  it("keeps a text without a closing mark, and collapses white space", () => {
    expect(splitSentences("  We left at dawn\n\nand never looked back  ")).toEqual(["We left at dawn and never looked back"]);
    expect(splitSentences("")).toEqual([]);
  });
});
