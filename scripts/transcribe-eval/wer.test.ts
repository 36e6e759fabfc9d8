import { describe, expect, it } from "vitest";
import { judgedWords, wordErrors } from "./wer";

describe("the word error rate of eval:transcribe", () => {
  it("counts substitutions, insertions and deletions of words, not of punctuation or case", () => {
    expect(wordErrors("My father drove a bus.", "my father, drove a bus")).toEqual({ errors: 0, words: 5 });
    expect(wordErrors("my father drove a bus", "my farther drove the big bus")).toEqual({ errors: 3, words: 5 });
    expect(wordErrors("we kept every letter", "we kept letter")).toEqual({ errors: 1, words: 4 });
  });

  it("reads numbers in digits as the words they say", () => {
    expect(judgedWords("for 30 years, 145 days")).toEqual(["for", "thirty", "years", "one", "hundred", "and", "forty", "five", "days"]);
    expect(wordErrors("for thirty years", "for 30 years").errors).toBe(0);
  });
});
