import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, newUser, type TestApp } from "../../test/harness";
import { RANKED_MATCHES } from "./search";

// A vault where one word is in most memories: the search is assembled from the ranked newest matches and the older
// ones newest first, and close spellings are not looked for.
let t: TestApp;
let cookie: string;
const COMMON = RANKED_MATCHES + 60;

beforeAll(async () => {
  t = await createTestApp();
  const person = await newUser(t, "bounded.search@example.com");
  cookie = person.cookie;
  // Written as the owner, one statement, one memory a minute apart: "kitchen" in all of them, "kitchens" twice as often
  // in the newest, a misspelling ("kitchin") in one, and one that says "lighthouse" only.
  await t.owner.query(
    `INSERT INTO memories (user_id, content, emotion, category, authenticity_score, created_at, updated_at)
     SELECT $1, 'Number ' || g || ' in the kitchen' || CASE WHEN g > $2 - 5 THEN ', the kitchen of kitchens' ELSE '' END, 'Joy', 'family', 50,
            now() - ($2 - g) * interval '1 minute', now()
     FROM generate_series(1, $2) AS g`,
    [person.id, COMMON],
  );
  await t.owner.query(`INSERT INTO memories (user_id, content, emotion, category, authenticity_score) VALUES ($1, 'The kitchin was tiny', 'Joy', 'family', 50), ($1, 'A lighthouse', 'Love', 'travel', 50)`, [person.id]);
});
afterAll(() => t.close());

const page = async (query: string) => (await get(t, `/api/memories?${query}`, cookie)).json() as { memories: { content: string }[]; total: number; totalIsLowerBound: boolean };

describe("search where most memories match", () => {
  it("pages through every match exactly once, the most relevant first, and says at least how many there are", async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < COMMON + 40; offset += 45) {
      const answer = await page(`q=kitchen&limit=45&offset=${offset}`);
      // Counted as far as they are ranked: "at least 200", on every page, past the end too.
      expect(answer).toMatchObject({ total: RANKED_MATCHES, totalIsLowerBound: true });
      seen.push(...answer.memories.map((m) => m.content));
    }
    expect(seen).toHaveLength(COMMON);
    expect(new Set(seen).size).toBe(COMMON);
    // Ranked first: the memories that say it three times.
    expect(seen.slice(0, 5).every((c) => c.includes("kitchen of kitchens"))).toBe(true);
    // Past the ranked newest matches, older ones follow newest first.
    const tail = seen.slice(RANKED_MATCHES).map((c) => Number(/Number (\d+)/.exec(c)![1]));
    expect(tail).toEqual([...tail].sort((a, b) => b - a));
    expect(Math.max(...tail)).toBeLessThan(Math.min(...seen.slice(0, RANKED_MATCHES).map((c) => Number(/Number (\d+)/.exec(c)![1]))));
  });

  it("does not add close spellings to a word found this often, but a misspelling still finds its memories", async () => {
    const common = await page("q=kitchen&limit=100&offset=0");
    expect(common.memories.some((m) => m.content.includes("kitchin"))).toBe(false);
    const typo = await page("q=lighthuse&limit=10");
    expect(typo.memories.map((m) => m.content)).toEqual(["A lighthouse"]);
    expect(typo).toMatchObject({ total: 1, totalIsLowerBound: false });
  });

  it("applies the filters inside the bounded search", async () => {
    expect(await page("q=kitchen&category=travel")).toMatchObject({ total: 0, totalIsLowerBound: false });
    expect(await page("q=kitchen&emotion=Joy&limit=1")).toMatchObject({ total: RANKED_MATCHES, totalIsLowerBound: true });
    // Fewer matches than are ranked are counted exactly.
    expect(await page("q=lighthouse&limit=1")).toMatchObject({ total: 1, totalIsLowerBound: false });
  });
});

