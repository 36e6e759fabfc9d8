import { describe, expect, it } from "vitest";
import { emptyDraft, happenedOnOfDraft, stillNeededToSave } from "./memory-draft";

const when = (whenYear: string, whenMonth = "", whenDay = "") => happenedOnOfDraft({ ...emptyDraft, whenYear, whenMonth, whenDay });

describe("the form's when it happened", () => {
  it("is null when left empty, and the stored text when it is a real past date", () => {
    expect(when("")).toBeNull();
    expect(when(" 1998 ")).toBe("1998");
    expect(when("1998", "6")).toBe("1998-06");
    expect(when("1998", "6", "4")).toBe("1998-06-04");
  });

  it("is not a date (undefined) when half typed or impossible", () => {
    expect(when("98")).toBeUndefined();
    expect(when("", "6")).toBeUndefined();
    expect(when("1998", "", "4")).toBeUndefined();
    expect(when("1998", "2", "30")).toBeUndefined();
    expect(when("1998", "2", "x")).toBeUndefined();
    expect(when(String(new Date().getUTCFullYear() + 1))).toBeUndefined();
  });
});

describe("what Save still needs", () => {
  it("says what is missing while Save is disabled, and nothing once it can be saved", () => {
    const draft = emptyDraft;
    expect(stillNeededToSave(draft)).toBe("To save, write the memory and choose an emotion.");
    expect(stillNeededToSave({ ...draft, content: "The bakery on Elm Street." })).toBe("Choose an emotion to save this memory.");
    expect(stillNeededToSave({ ...draft, emotion: "Joy" })).toBe("Write the memory to save it.");
    expect(stillNeededToSave({ ...draft, content: "The bakery on Elm Street.", emotion: "Joy" })).toBeUndefined();
  });
});
