import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The passages as the person reads them: the `##` sections of the content file, without the Markdown.
const source = fs.readFileSync(path.join(import.meta.dirname, "../../content/voice/reading-passages.md"), "utf8");
const passages = source
  .split(/^## +/m)
  .slice(1)
  .map((part) => {
    const [heading = "", ...body] = part.split("\n");
    return { heading: heading.trim(), text: body.join(" ").trim() };
  });
const words = (text: string) => text.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
const everything = passages.map((p) => p.text).join(" ");

describe("the Voice Training Hub's reading passages", () => {
  it("offers at least five passages, each with a title", () => {
    expect(passages.length).toBeGreaterThanOrEqual(5);
    for (const passage of passages) expect(passage.heading.length).toBeGreaterThan(0);
    expect(new Set(passages.map((p) => p.heading)).size).toBe(passages.length);
  });

  it("keeps each between 30 and 60 seconds at a calm pace (80 to 150 words at 130-160 words a minute)", () => {
    for (const passage of passages) {
      const count = words(passage.text).length;
      expect(count, passage.heading).toBeGreaterThanOrEqual(80);
      expect(count, passage.heading).toBeLessThanOrEqual(150);
    }
  });

  it("gives each passage a question or an exclamation, so the voice rises and falls", () => {
    for (const passage of passages) expect(passage.text, passage.heading).toMatch(/[?!]/);
    expect(everything).toContain("?");
    expect(everything).toContain("!");
  });

  it("covers the sounds a voice model needs across the set", () => {
    const sounds: [name: string, pattern: RegExp][] = [
      ["voiced th (this, mother)", /\b(this|the|mother|father|those|together)\b/i],
      ["voiceless th (thank, birthday)", /\b(thank|thirty|thunderstorm|birthday|things)\b/i],
      ["sh", /\b\w*sh\w*\b/i],
      ["ch", /\b\w*ch\w*\b/i],
      ["j (joke, June, garage)", /\b(j\w+|\w*dge\w*|orange|village|age|garage)\b/i],
      ["zh (measure, pleasure, usual)", /\b(measure|pleasure|treasure|usually|vision|beige)\b/i],
      ["r and l", /\br\w*\b.*\bl\w*\b/i],
      ["ng", /\w+ng\b/i],
      ["plosives p b t d k g", /\bp\w*.*\bb\w*.*\bt\w*.*\bd\w*.*\bk\w*.*\bg\w*/i],
      ["numbers", /\b\d+\b/],
      ["a date", /\b\d{1,2}(st|nd|rd|th) of (January|February|March|April|May|June|July|August|September|October|November|December)\b/],
      ["a year", /\b(19|20)\d\d\b/],
    ];
    for (const [name, pattern] of sounds) expect(everything, name).toMatch(pattern);
    for (const vowel of ["a", "e", "i", "o", "u", "oo", "ou", "oi", "ai", "ee"]) expect(everything.toLowerCase(), vowel).toContain(vowel);
  });
});
