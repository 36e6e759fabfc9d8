import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, newUser, send, type TestApp } from "../../test/harness";
import { computeMemoryInsight, computeValuesSummary } from "./insights";
import { namesIn } from "./insight-text";
import { addAnswer, addMemory } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const row = (id: string, content: string, emotion = "Joy", category = "family") => ({ id, content, emotion, category, tags: [], createdAt: new Date() });

describe("reading names and places", () => {
  it("finds names after the first word of a sentence, places after a preposition, and skips months and I", () => {
    expect(namesIn("In June we drove to Lake Placid with Margaret. I told Margaret everything.")).toEqual([
      { name: "Lake Placid", kind: "place" },
      { name: "Margaret", kind: "person" },
      { name: "Margaret", kind: "person" },
    ]);
  });
});

describe("memory insight", () => {
  it("counts dominant emotions, people and places that recur, and themes by decade", () => {
    const insight = computeMemoryInsight([
      row("a", "In 1975 my brother Tom and I fished at Lake Placid.", "Joy", "family"),
      row("b", "Tom taught me chess in 1978.", "Joy", "learning"),
      row("c", "We went back to Lake Placid in 1992 for Tom's wedding.", "Love", "family"),
      row("d", "Nothing in particular happened.", "Reflection", "personal"),
    ]);
    expect(insight.memoryCount).toBe(4);
    expect(insight.dominantEmotions[0]).toEqual({ emotion: "Joy", count: 2, percent: 50 });
    expect(insight.recurringPeople).toEqual([{ name: "Tom", memories: 3, memoryIds: ["a", "b", "c"] }]);
    expect(insight.recurringPlaces).toEqual([{ name: "Lake Placid", memories: 2, memoryIds: ["a", "c"] }]);
    expect(insight.themesOverTime.map((d) => [d.decade, d.memories, d.mainTheme])).toEqual([
      ["1970s", 2, "family"],
      ["1990s", 1, "family"],
    ]);
  });
});

describe("values summary", () => {
  it("names the values the person's words return to, with the memories and answers that show them", () => {
    const summary = computeValuesSummary(
      [row("a", "Every Sunday the whole family came for dinner."), row("b", "My daughter read to me when I was ill."), row("c", "We saved every coin in a jar.")],
      [{ id: "x", statement: "A friend needs money.", response: "I would give it as a gift, to help." }],
    );
    expect(summary.values[0]).toMatchObject({ value: "family", memories: 2, memoryIds: ["a", "b"] });
    expect(summary.values.find((v) => v.value === "generosity")).toMatchObject({ answers: 1, answerIds: ["x"] });
    expect(summary.summary).toMatch(/^Across 3 memories and 1 answer, you come back most often to family/);
  });

  it("says so when there is nothing yet", () => {
    expect(computeValuesSummary([], []).summary).toBe("Not enough material yet: write a few memories or answer a calibration scenario.");
  });
});

describe("the insight endpoints", () => {
  it("compute from the person's memories only (not hidden ones, not other people's), store and replace the result", async () => {
    const { cookie, id } = await newUser(t, "insights@example.com");
    const other = await newUser(t, "insights.other@example.com");
    await addMemory(t, other.cookie, { content: "Zebulon and I sailed to Portugal in 1960.", emotion: "Excitement" });
    await addMemory(t, other.cookie, { content: "Zebulon cooked for everyone in 1961.", emotion: "Excitement" });
    await addMemory(t, cookie, { content: "My aunt Rosa took me to Brighton in 1964.", emotion: "Joy" });
    await addMemory(t, cookie, { content: "Rosa sang at my wedding in 1971.", emotion: "Love" });
    const hidden = await addMemory(t, cookie, { content: "Rosa never knew about Brighton's other side.", emotion: "Sadness" });
    await t.app.inject({ method: "PATCH", url: `/api/memories/${hidden}`, payload: { hiddenFromTwin: true }, headers: { origin: "http://localhost:3000", cookie } });
    await addAnswer(t, cookie, "You win a prize.", "I would give half to my sister's family.");

    const insight = (await send(t, "POST", "/api/twin/insights/memory", {}, cookie)).json();
    expect(insight).toMatchObject({ kind: "memory_insight", memoryCount: 2, recurringPeople: [{ name: "Rosa", memories: 2 }] });
    expect(JSON.stringify(insight)).not.toContain("Zebulon");
    const values = (await send(t, "POST", "/api/twin/insights/values", {}, cookie)).json();
    expect(values.kind).toBe("values_summary");
    expect(values.values.map((v: { value: string }) => v.value)).toContain("generosity");

    await send(t, "POST", "/api/twin/insights/memory", {}, cookie);
    const stored = await t.owner.query(`SELECT kind FROM twin_insights WHERE user_id = $1 ORDER BY kind`, [id]);
    expect(stored.rows.map((r) => r.kind)).toEqual(["memory_insight", "values_summary"]);
  });
});
