import { describe, expect, it } from "vitest";
import { createLocalModel } from "./local-model";
import { generateReflection } from "./reflection";
import type { ReflectionInput } from "./reflection-input";
import { jokeyExplorer, noCalibration, reflectiveLongWinded, tersePractical, TEST_NOW } from "./test-personas";

const reflect = (input: ReflectionInput) => generateReflection(createLocalModel(), input, { timeoutMs: 5_000, now: TEST_NOW });
const wordCount = (text: string) => text.split(/\s+/).filter((w) => w.length > 0).length;

describe("local reflection", () => {
  it("describes a terse, practical person who builds a twin for the family", async () => {
    const { summary, traitsUsed } = await reflect(tersePractical);
    expect(summary).toMatch(/^Dan, /);
    expect(summary).toContain("You are 58");
    expect(summary).toContain("build an AI twin of yourself");
    expect(summary).toContain("preserve your memory for the people you love");
    expect(summary).toContain("shared with family after you are gone");
    expect(summary).toMatch(/a few words and get to the point|keep it short and get to the point/);
    expect(summary).toMatch(/“(Call the recovery service\.|Ask him what his plan is\.|Rest goes to the kids\.|Tell him straight\. Once\.)”/);
    expect(traitsUsed).toEqual(expect.arrayContaining(["direct", "practical", "family-oriented"]));
    expect(traitsUsed).not.toContain("thoughtful");
  });

  it("describes a reflective, long-winded person who keeps it private", async () => {
    const { summary, traitsUsed } = await reflect(reflectiveLongWinded);
    expect(summary).toMatch(/^Margaret, /);
    expect(summary).toContain("You are 75");
    expect(summary).toContain("reflect on who you are");
    expect(summary).toContain("only accessible to you");
    expect(summary).toContain("You think out loud");
    expect(summary).toContain("weigh both sides");
    expect(summary).toContain("“I think I would probably lie awake over it for a week.”");
    expect(traitsUsed).toEqual(expect.arrayContaining(["thoughtful", "cautious", "private", "introspective"]));
    expect(traitsUsed).not.toContain("direct");
  });

  it("describes a jokey explorer who would make it public", async () => {
    const { summary, traitsUsed } = await reflect(jokeyExplorer);
    expect(summary).toMatch(/^Priya, /);
    expect(summary).toContain("You are 32");
    expect(summary).toContain("just exploring");
    expect(summary).toContain("digital consciousness research");
    expect(summary).toContain("You reach for humour");
    expect(summary).toContain("Airport sushi and a new best friend at gate 12");
    expect(summary).toContain("Could I? Sure. Will I?");
    expect(traitsUsed).toEqual(expect.arrayContaining(["humorous", "open", "curious"]));
  });

  it("says plainly that there is nothing to read yet when no scenario was answered, and gives no age without a birthday", async () => {
    const { summary, traitsUsed } = await reflect(noCalibration);
    expect(summary).toMatch(/^Sam, /);
    expect(summary).not.toMatch(/You are \d+/);
    expect(summary).toContain("reflect on who you are");
    expect(summary).toContain("will sharpen once you answer a few");
    expect(summary).not.toContain("“");
    expect(summary).not.toMatch(/these answers|another scenario/);
    expect(traitsUsed).toEqual(["private", "introspective", "curious"]);
    const twinBuilder = await reflect({ ...noCalibration, intents: ["build_twin", "preserve_memory"] });
    expect(twinBuilder.summary).not.toMatch(/these answers|another scenario/);
    expect(wordCount(twinBuilder.summary)).toBeGreaterThanOrEqual(120);
  });

  it("stays between 120 and 250 words in short paragraphs for every persona", async () => {
    for (const persona of [tersePractical, reflectiveLongWinded, jokeyExplorer, noCalibration]) {
      const { summary } = await reflect(persona);
      expect(wordCount(summary)).toBeGreaterThanOrEqual(120);
      expect(wordCount(summary)).toBeLessThanOrEqual(250);
      expect(summary.split("\n\n").length).toBeGreaterThanOrEqual(4);
      expect(summary).not.toContain("Traits:");
    }
  });

  it("keeps within 250 words even for many long answers", async () => {
    const long = "I think maybe I would first ask my wife, then we would sit down with the kids and talk it through properly, haha. ".repeat(8);
    const many: ReflectionInput = {
      ...reflectiveLongWinded,
      intents: ["preserve_memory", "build_twin", "exploring"],
      legacyPreference: "family",
      calibration: Array.from({ length: 15 }, (_, i) => ({ statement: `Scenario number ${i + 1} about a long and winding situation.`, response: long })),
    };
    const { summary } = await reflect(many);
    expect(wordCount(summary)).toBeLessThanOrEqual(250);
    expect(wordCount(summary)).toBeGreaterThanOrEqual(120);
  });

  it("describes each persona's style differently", async () => {
    const summaries = await Promise.all([tersePractical, reflectiveLongWinded, jokeyExplorer].map(reflect));
    const styleLines = summaries.map((s) => s.summary.split("\n\n")[2]);
    expect(new Set(styleLines).size).toBe(3);
    expect(new Set(summaries.map((s) => s.traitsUsed.join(","))).size).toBe(3);
  });

  it("is deterministic and changes only with the input", async () => {
    const first = await reflect(tersePractical);
    expect(await reflect(tersePractical)).toEqual(first);
    const renamed = await reflect({ ...tersePractical, firstName: "Dana" });
    expect(renamed.summary).toMatch(/^Dana, /);
    expect(renamed.summary).not.toBe(first.summary);
  });

  it("never invents: without a name or intents it skips them rather than guessing", async () => {
    const { summary } = await reflect({ firstName: null, birthday: null, legacyPreference: null, intents: [], calibration: [] });
    expect(summary).toMatch(/^This is a first/);
    expect(summary).toContain("not yet chosen who may reach your twin");
    expect(summary).not.toMatch(/You are \d+|came to Mindprint to/);
  });
});
