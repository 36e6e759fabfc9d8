import { describe, expect, it } from "vitest";
import { asksWhatItIs } from "./safety";

// Issue 41: asked what it is in any form, by the owner or by family, the twin gives the prepared answer of what it is.
describe("asksWhatItIs", () => {
  it.each([
    "Are you real?",
    "Are you really my mum?",
    "Is this really Grandpa?",
    "Am I talking to you?",
    "Am I really talking to my father?",
    "Who am I talking to?",
    "Is that really you, Dad?",
    "Mum, is that you?",
    "Is this you, Grandma?",
    "Are you actually my grandmother?",
    "Are you really her?",
    "Is it really you?",
  ])("hears %s as a question about what the twin is", (question) => {
    expect(asksWhatItIs(question)).toBe(true);
  });

  it.each(["Did you really teach at Castle Hill?", "Are you my mum's twin sister?", "Did you really love Dad?", "What was it really like in the war?", "Is this the recipe you used?", "Is that you in the photo?", "Is it you who taught me to swim?", "Is it really her ring?"])(
    "leaves %s to the twin's memories",
    (question) => {
      expect(asksWhatItIs(question)).toBe(false);
    },
  );
});
