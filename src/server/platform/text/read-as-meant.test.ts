import { describe, expect, it } from "vitest";
import { readAsMeant } from "./read-as-meant";

// SECURITY.md 47: what a check reads is the text as it was meant, however it was typed.
describe("reading text as it was meant", () => {
  it("folds compatibility forms, drops invisible characters, joins spelled-apart letters and reads digit swaps", () => {
    expect(readAsMeant("i want to k1ll mys3lf tonight")).toBe("i want to kill myself tonight");
    expect(readAsMeant("k\u200bi\u200bl\u200bl my\u200dself")).toBe("kill myself");
    expect(readAsMeant("I w-a-n-t t-o d-i-e")).toBe("I want to die");
    expect(readAsMeant("i want to d i e")).toBe("i want to die");
    expect(readAsMeant("ｋｉｌｌ ｍｙｓｅｌｆ")).toBe("kill myself");
    expect(readAsMeant("d13")).toBe("die");
    expect(readAsMeant("i want to k!ll mys3lf")).toBe("i want to kill myself");
    // Punctuation after a word stays punctuation.
    expect(readAsMeant("I'm going to kill myself!")).toBe("I'm going to kill myself!");
    expect(readAsMeant("I want to die!!")).toBe("I want to die!!");
  });

  it("leaves ordinary writing as it is", () => {
    for (const text of ["I'll see you at 3pm on the 2nd floor.", "Call 911 if it's 100% urgent.", "e-mail me", "I am a teacher", "quiero morir"]) expect(readAsMeant(text)).toBe(text);
  });
});
