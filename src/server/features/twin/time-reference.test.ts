import { describe, expect, it } from "vitest";
import { happenedWithin, readTimeReference } from "./time-reference";

const today = new Date("2026-11-23T12:00:00Z");
const span = (question: string, birthYear: number | null = 1950) => {
  const found = readTimeReference(question, birthYear, today);
  return found ? [found.from, found.to] : null;
};

describe("readTimeReference", () => {
  it("reads a year", () => {
    expect(span("What happened in 1998?")).toEqual([1998, 1998]);
    expect(span("Tell me about the summer of 1974")).toEqual([1974, 1974]);
    expect(span("Where were you in 2031?")).toBeNull(); // the future is not a memory
  });

  it("reads decades, as numbers or words, with early, mid and late", () => {
    expect(span("What was life like in the 1960s?")).toEqual([1960, 1969]);
    expect(span("What music did you love in the '80s?")).toEqual([1980, 1989]);
    expect(span("Anything from the 90s?")).toEqual([1990, 1999]);
    expect(span("What did you do in the nineties?")).toEqual([1990, 1999]);
    expect(span("How was the early seventies for you?")).toEqual([1970, 1973]);
    expect(span("Where did you live in the late 1950s?")).toEqual([1957, 1959]);
    expect(span("Do you remember the twenties?")).toEqual([2020, 2026]); // the 2020s, not the 1920s, and not past today
  });

  it("reads a stage of life from the birth year, asked of 'you' or of 'I'", () => {
    expect(span("What did you do for fun when you were young?")).toEqual([1950, 1962]);
    expect(span("What games did I play when I was a kid?")).toEqual([1950, 1962]);
    expect(span("Who looked after you growing up?")).toEqual([1950, 1962]);
    expect(span("What were you like as a teenager?")).toEqual([1963, 1969]);
    expect(span("Where did you work in your thirties?")).toEqual([1980, 1989]);
    expect(span("What happened in your late twenties?")).toEqual([1977, 1979]);
    expect(span("Where did you live when you were 12?")).toEqual([1962, 1962]);
  });

  it("needs the birth year for a stage of life, and finds nothing in a question without a time", () => {
    expect(span("What did you do when you were young?", null)).toBeNull();
    expect(span("In your thirties, where did you live?", null)).toBeNull();
    expect(span("How did you meet your wife?")).toBeNull();
    expect(span("What is your favourite song?")).toBeNull();
  });

  it("names the words it read, and places a memory's date in the span", () => {
    const found = readTimeReference("What happened in the nineties?", null, today)!;
    expect(found.words).toEqual(["the", "nineties"]);
    expect(happenedWithin("1994-05-02", found)).toBe(true);
    expect(happenedWithin("2001", found)).toBe(false);
  });
});
