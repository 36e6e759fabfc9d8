import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryMessages, memoryTimelineResponseSchema } from "../../../contract";
import { createTestApp, get, send, signIn, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (cookie: string, content: string, happenedOn?: unknown) => send(t, "POST", "/api/memories", { content, emotion: "Reflection", ...(happenedOn === undefined ? {} : { happenedOn }) }, cookie);
const timeline = async (cookie: string, query = "") => {
  const response = await get(t, `/api/memories/timeline${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return memoryTimelineResponseSchema.parse(response.json());
};

describe("when a memory happened", () => {
  it("takes a year, a month or a date, optional, and refuses anything else with one message, storing nothing", async () => {
    const cookie = await signIn(t, "when.rules@example.com");
    for (const happenedOn of ["1998", "1998-06", "1998-06-14", "2000-02-29"]) {
      const response = await create(cookie, `Something from ${happenedOn}`, happenedOn);
      expect(response.statusCode).toBe(201);
      expect(response.json().memory.happenedOn).toBe(happenedOn);
    }
    expect((await create(cookie, "No date at all")).json().memory.happenedOn).toBeNull();
    const nextYear = String(new Date().getUTCFullYear() + 1);
    for (const happenedOn of ["98", "1998-13", "1998-6", "1999-02-29", "1998/06/14", "June 1998", nextYear, "0999", 1998, ""]) {
      const response = await create(cookie, "Should not be stored", happenedOn);
      expect(response.statusCode, String(happenedOn)).toBe(400);
      expect(response.json().error.fields.happenedOn).toBe(memoryMessages.happenedOnInvalid);
    }
    expect((await get(t, "/api/memories", cookie)).json().total).toBe(5);
  });

  it("is edited like the text: a new version, kept in the history; clearing it is a version too", async () => {
    const cookie = await signIn(t, "when.versions@example.com");
    const { memory } = (await create(cookie, "The flood that took the bridge", "1972")).json();
    const dated = await send(t, "PATCH", `/api/memories/${memory.id}`, { happenedOn: "1972-06-23" }, cookie);
    expect(dated.json().memory).toMatchObject({ happenedOn: "1972-06-23", version: 2 });
    const cleared = await send(t, "PATCH", `/api/memories/${memory.id}`, { happenedOn: null }, cookie);
    expect(cleared.json().memory).toMatchObject({ happenedOn: null, version: 3 });
    const versions = (await get(t, `/api/memories/${memory.id}/versions`, cookie)).json().versions;
    expect(versions.map((v: { happenedOn: string | null }) => v.happenedOn)).toEqual(["1972", "1972-06-23", null]);
    const same = await send(t, "PATCH", `/api/memories/${memory.id}`, { happenedOn: null }, cookie);
    expect(same.json().memory.version).toBe(3); // nothing changed, no new version
    const wrong = await send(t, "PATCH", `/api/memories/${memory.id}`, { happenedOn: "1972-02-30" }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect((await get(t, `/api/memories/${memory.id}`, cookie)).json().memory.version).toBe(3);
  });
});

describe("the timeline", () => {
  it("groups by decade, earliest first, in time order within one, and counts the undated", async () => {
    const cookie = await signIn(t, "when.timeline@example.com");
    expect(await timeline(cookie)).toEqual({ decades: [], undated: 0, decade: null, memories: [], total: 0 });
    await create(cookie, "Moving to the coast", "1987-09");
    await create(cookie, "The year we bought the boat", "1981");
    await create(cookie, "First day of school", "1964-09-07");
    await create(cookie, "Wedding in the rain", "1981-05-16");
    await create(cookie, "Millennium party", "1999-12-31");
    await create(cookie, "A recipe I love");
    const first = await timeline(cookie);
    expect(first.decades).toEqual([
      { decade: 1960, count: 1 },
      { decade: 1980, count: 3 },
      { decade: 1990, count: 1 },
    ]);
    expect(first.undated).toBe(1);
    expect(first.decade).toBe(1960);
    expect(first.memories.map((m) => m.content)).toEqual(["First day of school"]);
    const eighties = await timeline(cookie, "?decade=1980");
    expect(eighties.memories.map((m) => m.happenedOn)).toEqual(["1981", "1981-05-16", "1987-09"]);
    expect(eighties.total).toBe(3);
    const page = await timeline(cookie, "?decade=1980&limit=2&offset=2");
    expect(page.memories.map((m) => m.content)).toEqual(["Moving to the coast"]);
    const empty = await timeline(cookie, "?decade=1970");
    expect(empty).toMatchObject({ decade: 1970, memories: [], total: 0 });
    const bad = await get(t, "/api/memories/timeline?decade=1985", cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("A decade is a year ending in 0");
  });

  it("shows nobody another person's memories", async () => {
    const owner = await signIn(t, "when.owner@example.com");
    const other = await signIn(t, "when.other@example.com");
    await create(owner, "Owner's private summer", "1975-07");
    expect(await timeline(other)).toEqual({ decades: [], undated: 0, decade: null, memories: [], total: 0 });
    expect((await timeline(other, "?decade=1970")).memories).toEqual([]);
    expect((await get(t, "/api/memories/timeline")).statusCode).toBe(401);
  });
});
