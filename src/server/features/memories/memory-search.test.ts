import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, ORIGIN, signIn, type TestApp } from "../../test/harness";

let t: TestApp;
let cookie: string;
const ids: Record<string, string> = {};

const create = async (key: string, body: Record<string, unknown>) => {
  const response = await t.app.inject({ method: "POST", url: "/api/memories", payload: body, headers: { origin: ORIGIN, cookie } });
  expect(response.statusCode).toBe(201);
  ids[key] = response.json().memory.id;
};
const contents = async (query: string) =>
  ((await get(t, `/api/memories?${query}`, cookie)).json().memories as { content: string }[]).map((m) => m.content);

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t, "searcher@example.com");
  await create("bread", { content: "My grandmother baked bread every Sunday; the bread smelled of home.", emotion: "Nostalgia", category: "family", tags: "baking", emotionalIntensity: 8 });
  await create("garden", { content: "We planted tomatoes in the garden and my grandmother watched.", emotion: "Joy", category: "family", emotionalIntensity: 6 });
  await create("job", { content: "The first day at my new job in Berlin.", emotion: "Excitement", category: "career", tags: "work, berlin", emotionalIntensity: 4 });
  await create("loss", { content: "The day we lost the old dog.", emotion: "Sadness", category: "personal", emotionalIntensity: 9 });
  await t.app.inject({ method: "PATCH", url: `/api/memories/${ids.loss}`, payload: { hiddenFromTwin: true }, headers: { origin: ORIGIN, cookie } });
});
afterAll(() => t.close());

describe("search", () => {
  it("ranks the more relevant memory first, and full-text matches above close spellings", async () => {
    // Created last, so newest-first ordering alone would put them first.
    await create("trip", { content: "On a long trip through the mountains with friends we shared some bread.", emotion: "Joy" });
    await create("letters", { content: "Reading the grandmoter letters again.", emotion: "Love" });
    expect(await contents("q=bread")).toEqual([
      "My grandmother baked bread every Sunday; the bread smelled of home.",
      "On a long trip through the mountains with friends we shared some bread.",
    ]);
    const found = await contents("q=grandmother");
    expect(found).toHaveLength(3);
    expect(found[2]).toBe("Reading the grandmoter letters again.");
    for (const key of ["trip", "letters"]) {
      await t.app.inject({ method: "DELETE", url: `/api/memories/${ids[key]}`, headers: { origin: ORIGIN, cookie } });
    }
  });

  it("tolerates a small typo", async () => {
    const found = await contents("q=grandmther");
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found.every((c) => c.includes("grandmother"))).toBe(true);
    expect(await contents("q=tomatos")).toEqual(["We planted tomatoes in the garden and my grandmother watched."]);
  });

  it("searches tags too, and answers an empty page for nothing", async () => {
    expect(await contents("q=berlin")).toEqual(["The first day at my new job in Berlin."]);
    const none = (await get(t, "/api/memories?q=submarine", cookie)).json();
    expect(none).toEqual({ memories: [], total: 0, totalIsLowerBound: false });
  });
});

describe("filters", () => {
  it("by emotion and by category, combined with search", async () => {
    expect(await contents("emotion=Joy")).toEqual(["We planted tomatoes in the garden and my grandmother watched."]);
    expect((await contents("category=family")).length).toBe(2);
    expect(await contents("category=family&q=bread")).toEqual(["My grandmother baked bread every Sunday; the bread smelled of home."]);
    expect((await get(t, "/api/memories?emotion=Boredom", cookie)).statusCode).toBe(400);
    expect((await get(t, "/api/memories?category=gossip", cookie)).statusCode).toBe(400);
  });

  it("pages with limit and offset", async () => {
    const first = (await get(t, "/api/memories?limit=1&offset=0", cookie)).json();
    const second = (await get(t, "/api/memories?limit=1&offset=1", cookie)).json();
    expect(first.total).toBe(4);
    expect(first.memories[0].id).not.toBe(second.memories[0].id);
  });

  it("answers the exact total for every filter, through edits and deletions, and on a page past the end", async () => {
    const totalOf = async (query: string) => (await get(t, `/api/memories?${query}`, cookie)).json().total as number;
    // What the list itself holds, counted on the client, for each filter combination.
    const check = async () => {
      for (const query of ["", "includeHidden=false", "emotion=Joy", "emotion=Sadness", "category=family", "category=personal&includeHidden=false", "q=grandmother"]) {
        const listed = (await get(t, `/api/memories?limit=100&${query}`, cookie)).json().memories.length;
        expect({ query, total: await totalOf(query) }).toEqual({ query, total: listed });
        expect((await get(t, `/api/memories?limit=5&offset=500&${query}`, cookie)).json()).toEqual({ memories: [], total: listed, totalIsLowerBound: false });
      }
    };
    await check();
    const send = (method: string, url: string, payload?: Record<string, unknown>) => t.app.inject({ method: method as "PATCH", url, payload, headers: { origin: ORIGIN, cookie } });
    await create("extra", { content: "A joyful afternoon with my grandmother.", emotion: "Joy", category: "personal" });
    await check();
    await send("PATCH", `/api/memories/${ids.extra}`, { emotion: "Sadness", category: "family" });
    await send("PATCH", `/api/memories/${ids.extra}`, { hiddenFromTwin: true });
    await check();
    await send("DELETE", `/api/memories/${ids.extra}`);
    await check();
    expect(await totalOf("")).toBe(4);
    expect(await totalOf("includeHidden=false")).toBe(3);
  });
});

describe("stats", () => {
  it("counts the user's memories by emotion and category, hidden ones, and averages", async () => {
    const stats = (await get(t, "/api/memories/stats", cookie)).json();
    const all = (await get(t, "/api/memories", cookie)).json().memories as { authenticityScore: number }[];
    const avg = Math.round((all.reduce((s, m) => s + m.authenticityScore, 0) / all.length) * 10) / 10;
    expect(stats).toEqual({
      total: 4,
      hidden: 1,
      // A four-way tie: the stronger feelings first (mean intensity 9, 8, 6, 4).
      byEmotion: [
        { emotion: "Sadness", count: 1, meanIntensity: 9 },
        { emotion: "Nostalgia", count: 1, meanIntensity: 8 },
        { emotion: "Joy", count: 1, meanIntensity: 6 },
        { emotion: "Excitement", count: 1, meanIntensity: 4 },
      ],
      byCategory: [
        { category: "family", count: 2 },
        { category: "career", count: 1 },
        { category: "personal", count: 1 },
      ],
      averageAuthenticity: avg,
      averageIntensity: 6.8,
    });
  });

  it("answers zeros and nulls for someone without memories", async () => {
    const newcomer = await signIn(t, "newcomer@example.com");
    expect((await get(t, "/api/memories/stats", newcomer)).json()).toEqual({
      total: 0,
      hidden: 0,
      byEmotion: [],
      byCategory: [],
      averageAuthenticity: null,
      averageIntensity: null,
    });
  });
});
