import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { releasedMemoriesResponseSchema } from "../../../contract";
import { createTestApp, send, type TestApp } from "../../test/harness";
import { realStory } from "./real-story-stage";
import { ageWhen } from "./story";

// Issue 34, "the real story": released memories in the order they happened, with the owner's age then and the
// question a capture answer responds to.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { familyPrompt, read, owner } = realStory(() => t);

describe("released memories tell when they happened", () => {
  it("in time order, the undated after, with the date, the owner's age then and the question a capture answer responds to", async () => {
    const { owner: o, contact, add, release } = await owner("story.order");
    const ids = {
      undated: await add("Undated: the smell of the garden after rain."),
      late: await add("Late: the day my grandson was born.", { happenedOn: "1998-06-20" }),
      before: await add("Before: my parents' wedding, as they told it.", { happenedOn: "1950" }),
      year: await add("Year: the summer I learned to swim.", { happenedOn: "1975", category: "personal" }),
      month: await add("Month: moving to the city.", { happenedOn: "1990-03", category: "career" }),
    };
    const prompt = await familyPrompt(o.cookie);
    const answered = await send(t, "POST", "/api/capture/answers", { promptId: prompt.id, content: "Capture: we ate together every Sunday." }, o.cookie);
    expect(answered.statusCode, answered.body).toBe(201);
    const captured = answered.json().memory.id as string;
    await release();

    const page = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId)).json());
    expect(page.memories.map((m) => m.id)).toEqual([ids.before, ids.year, ids.month, ids.late, ids.undated, captured]);
    expect(page.memories.map((m) => [m.happenedOn, m.age])).toEqual([
      ["1950", null],
      ["1975", { min: 14, max: 15 }],
      ["1990-03", { min: 29, max: 29 }],
      ["1998-06-20", { min: 38, max: 38 }],
      [null, null],
      [null, null],
    ]);
    expect(page.memories.find((m) => m.id === captured)!.question).toBe(prompt.text);
    expect(page.memories.find((m) => m.id === ids.late)!.question).toBeNull();
    expect(page.decades).toEqual([
      { decade: 1950, count: 1 },
      { decade: 1970, count: 1 },
      { decade: 1990, count: 2 },
    ]);

    // Without a birthday there is no age.
    await t.owner.query(`UPDATE profiles SET birthday = NULL WHERE user_id = $1`, [o.id]);
    const ageless = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId)).json());
    expect(ageless.memories.every((m) => m.age === null)).toBe(true);
  });

  it("filters by decade and theme together, each counted within the other", async () => {
    const { contact, add, release } = await owner("story.filters");
    const ids = {
      family90: await add("A family day in 1992.", { happenedOn: "1992-05-01" }),
      career90: await add("A career day in 1996.", { happenedOn: "1996", category: "career" }),
      family70: await add("A family day in 1971.", { happenedOn: "1971" }),
      undated: await add("An undated family day."),
    };
    await release();
    const nineties = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId, "?decade=1990")).json());
    expect(nineties.memories.map((m) => m.id)).toEqual([ids.family90, ids.career90]);
    expect(nineties.total).toBe(2);
    expect(nineties.themes).toEqual([
      { category: "career", count: 1 },
      { category: "family", count: 1 },
    ]);
    const familyNineties = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId, "?decade=1990&category=family")).json());
    expect(familyNineties.memories.map((m) => m.id)).toEqual([ids.family90]);
    expect(familyNineties.total).toBe(1);
    const family = releasedMemoriesResponseSchema.parse((await read(contact.cookie, contact.contactId, "?category=family")).json());
    expect(family.memories.map((m) => m.id)).toEqual([ids.family70, ids.family90, ids.undated]);
    expect(family.decades).toEqual([
      { decade: 1970, count: 1 },
      { decade: 1990, count: 1 },
    ]);
    for (const bad of ["?decade=1995", "?decade=soon", "?decade=10000"]) expect((await read(contact.cookie, contact.contactId, bad)).statusCode, bad).toBe(400);
  });

  it("works out the age at any precision of the date", () => {
    expect(ageWhen("1960-06-14", "1998-06-13")).toEqual({ min: 37, max: 37 });
    expect(ageWhen("1960-06-14", "1998-06-14")).toEqual({ min: 38, max: 38 });
    expect(ageWhen("1960-06-14", "1998-06")).toEqual({ min: 37, max: 38 });
    expect(ageWhen("1960-06-01", "1998-06")).toEqual({ min: 38, max: 38 });
    expect(ageWhen("1960-01-01", "1998")).toEqual({ min: 38, max: 38 });
    expect(ageWhen("1960-06-14", "1960")).toEqual({ min: 0, max: 0 });
    expect(ageWhen("1960-06-14", "1960-05")).toBeNull();
    expect(ageWhen(null, "1998")).toBeNull();
    expect(ageWhen("1960-06-14", null)).toBeNull();
  });
});
