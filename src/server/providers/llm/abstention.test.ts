import { describe, expect, it } from "vitest";
import { abstention } from "./local-twin";

const dog = { asked: "cat", told: "dog", rank: "noun" as const, sentence: "Biscuit, our dog, slept by the stove." };

// Issue 41: a decline says what the person did write, unless something is still sealed for this reader (then "I never
// talked about a cat" could be false), and names a seal's day only the first time.
describe("abstention", () => {
  it("denies the decisive detail and says what was written instead", () => {
    expect(abstention({ topics: ["garden"], nearMiss: dog })).toBe("No, I never talked about a cat. Biscuit, our dog, slept by the stove.");
    expect(abstention({ topics: [], nearMiss: { ...dog, asked: "1998", told: "1996", rank: "number", sentence: "The flood came in 1996." } })).toBe("Not in 1998. The flood came in 1996.");
    expect(abstention({ topics: [], nearMiss: { ...dog, asked: "buy", told: "sell", rank: "other", sentence: "We sold the farm." } })).toBe("Not quite. We sold the farm.");
  });

  it("speaks of the seal instead of denying while something is sealed", () => {
    const first = abstention({ topics: ["garden"], nearMiss: dog, sealedUntil: "March 14, 2031" });
    expect(first).toBe("I can't answer that from what I've left you so far, and I won't make something up. Some of what I left for you opens on March 14, 2031. I did record things about garden; ask me about those.");
    const later = abstention({ topics: ["garden"], nearMiss: dog, sealMentioned: true });
    expect(later).toBe("I can't answer that from what I've left you so far, and I won't make something up. I did record things about garden; ask me about those.");
  });

  it("says it never talked about it when nothing is near and nothing sealed", () => {
    expect(abstention({ topics: [] })).toBe("I never talked about that, so I won't make something up. I haven't recorded any memories yet for you to ask about.");
  });
});
