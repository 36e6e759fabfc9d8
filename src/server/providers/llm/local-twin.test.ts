import { describe, expect, it } from "vitest";
import { composeTwinAnswer } from "./local-twin";
import { twinContextSchema } from "./twin-input";

const context = (sources: unknown[]) => twinContextSchema.parse({ firstName: "Nora", question: "q", intent: "recollection", sources, traits: [], topics: [] });
const memory = (ref: number, text: string, when?: string) => ({ ref, kind: "memory", text, emotion: "Joy", matched: [], passage: [text], ...(when ? { when } : {}) });

describe("the local twin's reply (issue 58: replies a person would say)", () => {
  it("says a second memory as a paragraph of its own, never stitched on with an 'And' before a capital", () => {
    const answer = composeTwinAnswer(context([memory(1, "We married at St Aidan's in the spring."), memory(2, "By my own reckoning I delivered over three thousand babies.")]));
    expect(answer).toBe("We married at St Aidan's in the spring.\n\nBy my own reckoning I delivered over three thousand babies.");
    expect(answer).not.toMatch(/\bAnd [A-Z]/);
  });

  it("gives a memory's date after what happened then, never after a sentence about today", () => {
    expect(composeTwinAnswer(context([memory(1, "Kofi was born in the big snow.", "2010")]))).toBe("Kofi was born in the big snow. That was in 2010.");
    expect(composeTwinAnswer(context([memory(1, "He's sixteen now and taller than his father.", "2010")]))).toBe("He's sixteen now and taller than his father.");
  });
});
