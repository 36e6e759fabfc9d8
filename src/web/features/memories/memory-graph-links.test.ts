import { describe, expect, it } from "vitest";
import type { MemoryCategory } from "../../../contract/memory-options";
import { findMemoryLinks, MAX_LINKS_PER_MEMORY } from "./memory-graph-links";
import { readMentions, resolveMentions } from "./memory-mentions";

const people = (text: string) => readMentions(text).mentions.map((m) => m.key);
const mentionsOf = (...texts: string[]) => resolveMentions(texts.map(readMentions)).map((list) => list.map((m) => `${m.kind}:${m.key}`));

let next = 0;
const memory = (content: string, category: MemoryCategory = "personal", tags: string[] = []) => ({ id: `m${++next}`, content, category, tags });
const reasonsBetween = (links: ReturnType<typeof findMemoryLinks>, a: { id: string }, b: { id: string }) =>
  links.find((l) => (l.source === a.id && l.target === b.id) || (l.source === b.id && l.target === a.id))?.reasons.map((r) => r.text);

describe("readMentions: people", () => {
  it("joins the ways of naming one relative: Grandma, my grandmother, my nana", () => {
    expect(people("Grandma taught me to knit.")).toEqual(["grandmother"]);
    expect(people("I baked bread with my grandmother.")).toEqual(["grandmother"]);
    expect(people("We visited my nana every summer.")).toEqual(["grandmother"]);
    expect(people("My dad and my mum met at a dance. Dad still laughs about it.")).toEqual(["father", "mother", "father"]);
    expect(people("I called Mom, then my father.")).toEqual(["mother", "father"]);
    expect(people("The turkey burned and Mom laughed.")).toEqual(["mother"]);
    expect(people("I remember the smell of Nana's kitchen.")).toEqual(["grandmother"]);
  });

  it("counts only the writer's own family and roles", () => {
    expect(people("My late father loved boats.")).toEqual(["father"]);
    expect(people("My older brother and my little sister")).toEqual(["brother", "sister"]);
    expect(people("My son and daughter came home.")).toEqual(["son", "daughter"]);
    expect(people("My wife and her sister cooked.")).toEqual(["wife"]);
    expect(people("My friend's mother was a nurse.")).toEqual([]);
    expect(people("I became a new dad that year.")).toEqual([]);
    expect(people("Every mother worries.")).toEqual([]);
    expect(people("My friend and I went out.")).toEqual([]);
    expect(people("My best friend moved away.")).toEqual(["best friend"]);
    expect(people("My mother-in-law and my stepdad argued.")).toEqual(["mother-in-law", "stepfather"]);
    expect(people("On Mother's Day we ate out.")).toEqual([]);
  });

  it("finds capitalised names that do not merely start a sentence", () => {
    expect(people("I met Ana at the café.")).toEqual(["ana"]);
    expect(people("My uncle's friend Tomás Silva showed us the boat.")).toEqual(["uncle", "tomas silva"]);
    expect(people("Aunt Rose came for dinner.")).toEqual(["aunt rose"]);
    expect(people("We saw Dr. Okafor on Tuesday.")).toEqual(["dr okafor"]);
    // "I", months, days, holidays and a sentence's first word are not names.
    expect(people("We met on Sundays in June, and on Mondays.")).toEqual([]);
    expect(people("Then I left. Yesterday it rained in May. Christmas Eve was quiet, and so was New Year's Eve.")).toEqual([]);
    expect(people("Last summer it was SO AMAZING.")).toEqual([]);
  });
});

describe("readMentions: places", () => {
  it("reads capitalised words after in, at, to, from and near as places", () => {
    expect(readMentions("We spent a week in Lisbon and drove to the Algarve.").mentions).toEqual([
      { key: "lisbon", label: "Lisbon", kind: "place" },
      { key: "algarve", label: "Algarve", kind: "place" },
    ]);
    expect(readMentions("We camped at Lake Tahoe near Rio de Janeiro").mentions.map((m) => `${m.kind}:${m.label}`)).toEqual(["place:Lake Tahoe", "place:Rio de Janeiro"]);
    expect(readMentions("Sarah was born at St. Mary's Hospital.").mentions).toEqual([{ key: "st mary's hospital", label: "St. Mary's Hospital", kind: "place" }]);
    expect(readMentions("I started in March, at the new job.").mentions).toEqual([]);
    expect(readMentions("I felt nervous on my first day at the new job").mentions).toEqual([]);
  });

  it("counts a sentence's first word as a name only when another memory names it mid-sentence", () => {
    expect(mentionsOf("Lisbon was hot.", "Porto was cold.", "We flew to Lisbon.")).toEqual([["place:lisbon"], [], ["place:lisbon"]]);
    expect(mentionsOf("Visiting Lisbon changed me.")).toEqual([["person:lisbon"]]);
  });
});

describe("findMemoryLinks", () => {
  it("links memories that mention the same person, however it is written, and says why", () => {
    const a = memory("Grandma taught me to make jam.");
    const b = memory("I baked bread with my grandmother on Sundays.");
    expect(reasonsBetween(findMemoryLinks([a, b]), a, b)).toEqual(["Both mention your grandmother"]);
  });

  it("links by place, tag and theme, person and place first", () => {
    const a = memory("We swam at Lake Tahoe with Ana.", "travel", ["lake", "summer"]);
    const b = memory("Ana and I drove back to Lake Tahoe years later.", "travel", ["Lake"]);
    expect(reasonsBetween(findMemoryLinks([a, b]), a, b)).toEqual(["Both mention Ana", "Both mention Lake Tahoe", "Both tagged #lake", "Both about travel"]);
    const c = memory("My first painting.", "creative", ["art"]);
    const d = memory("Finishing the mural downtown.", "creative", ["#art"]);
    expect(reasonsBetween(findMemoryLinks([c, d]), c, d)).toEqual(["Both tagged #art", "Both about creative work"]);
    const e = memory("Sunday dinners.", "family", ["family"]);
    const f = memory("The reunion.", "family", ["family"]);
    expect(reasonsBetween(findMemoryLinks([e, f]), e, f)).toEqual(["Both tagged #family"]);
  });

  it("never links by emotion, nor by the default category alone", () => {
    // Memories as the vault's end-to-end test stores them: nothing in common but being memories.
    const bread = memory("I baked bread with my grandmother in Lisbon", "family", ["baking", "family"]);
    const job = memory("I felt nervous on my first day at the new job", "career", ["work"]);
    expect(findMemoryLinks([bread, job])).toEqual([]);
    expect(findMemoryLinks([memory("A happy day at the beach."), memory("A happy day in the park.")])).toEqual([]);
  });

  it("links the end-to-end test's six memories in exactly two pairs", () => {
    const nervous = memory("I felt nervous on my first day at the new job", "career", ["work"]);
    const fair = memory("A happy afternoon at the fair, candy floss everywhere");
    const swim = memory("We swam at Lake Tahoe the summer Ana turned ten", "travel", ["lake", "summer"]);
    const driveBack = memory("Ana and I drove back to Lake Tahoe years later", "travel", ["lake"]);
    const kitchen = memory("Grandma taught me to knead dough in her kitchen in Lisbon", "family", ["baking"]);
    const sundays = memory("I baked bread with my grandmother on Sundays", "family", ["baking", "sundays"]);
    const links = findMemoryLinks([sundays, kitchen, driveBack, swim, fair, nervous]);
    expect(links).toHaveLength(2);
    expect(reasonsBetween(links, sundays, kitchen)).toEqual(["Both mention your grandmother", "Both tagged #baking", "Both about family"]);
    expect(reasonsBetween(links, swim, driveBack)).toEqual(["Both mention Ana", "Both mention Lake Tahoe", "Both tagged #lake", "Both about travel"]);
  });

  it("weights a rare shared name above a common tag", () => {
    const memories = Array.from({ length: 6 }, (_, i) => memory(`Walk number ${i}${i < 2 ? " with Bruno" : ""}.`, "personal", ["walks"]));
    const [first] = findMemoryLinks(memories);
    expect(first!.reasons.map((r) => r.text)).toEqual(["Both mention Bruno", "Both tagged #walks"]);
    expect(new Set([first!.source, first!.target])).toEqual(new Set([memories[0]!.id, memories[1]!.id]));
  });

  it("keeps at most the strongest few links per memory, each pair once", () => {
    const memories = Array.from({ length: 10 }, (_, i) => memory(`Day ${i} at the lake with Ana.`, "travel", ["lake"]));
    const links = findMemoryLinks(memories);
    const degree = new Map<string, number>();
    for (const l of links) for (const id of [l.source, l.target]) degree.set(id, (degree.get(id) ?? 0) + 1);
    expect(Math.max(...degree.values())).toBe(MAX_LINKS_PER_MEMORY);
    expect(new Set(links.map((l) => [l.source, l.target].sort().join())).size).toBe(links.length);
    expect(findMemoryLinks(memories, { maxPerMemory: 1 })).toHaveLength(5);
  });

  it("stays fast for 1,000 memories that share a lot", () => {
    const names = ["Ana", "Bruno", "Chen", "Dara", "Emeka", "Farah", "Goran", "Hana"];
    const places = ["Lisbon", "Oslo", "Nairobi", "Lima", "Hanoi"];
    const memories = Array.from({ length: 1000 }, (_, i) =>
      memory(
        `My grandmother and ${names[i % names.length]} took me to ${places[i % places.length]} one spring. We walked for hours and talked about everything we had lost and found.`,
        i % 2 ? "family" : "travel",
        [`tag${i % 30}`, "life"],
      ),
    );
    const started = performance.now();
    const links = findMemoryLinks(memories);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(links.length).toBeGreaterThan(400);
    expect(links.length).toBeLessThanOrEqual((1000 * MAX_LINKS_PER_MEMORY) / 2);
  });
});
