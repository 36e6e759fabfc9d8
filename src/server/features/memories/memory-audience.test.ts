import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMORY_BULK_MAX, memoryMessages } from "../../../contract";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";

// Every memory has an audience and may be sealed (issue 15): defaults from the profile's legacy preference, changes
// one at a time or many at once, filters, and what the API refuses.
let t: TestApp;
let cookie: string;
let ownerId: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, id: ownerId } = await newUser(t, "audience.owner@example.com"));
  other = (await newUser(t, "audience.other@example.com")).cookie;
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, who = cookie) => send(t, "POST", "/api/memories", { emotion: "Love", ...body }, who);
const prefer = (legacy: string) =>
  t.owner.query(`INSERT INTO profiles (user_id, legacy_preference) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET legacy_preference = EXCLUDED.legacy_preference`, [ownerId, legacy]);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe("a memory's audience and seal", () => {
  it("takes its audience from the profile's legacy preference, private when there is none", async () => {
    const first = await create({ content: "Before I chose anything" });
    expect(first.json().memory).toMatchObject({ visibility: "private", seal: null });
    await prefer("family");
    expect((await create({ content: "After choosing family" })).json().memory.visibility).toBe("family");
    await prefer("public");
    expect((await create({ content: "After choosing public" })).json().memory.visibility).toBe("public");
    expect((await create({ content: "Said so myself", visibility: "twin-only" })).json().memory.visibility).toBe("twin-only");
  });

  it("stores a seal until a date or for some days after release, and changes or clears it without a new version", async () => {
    const date = tomorrow();
    const dated = (await create({ content: "Open this on your wedding day", seal: { kind: "until", date } })).json().memory;
    expect(dated.seal).toEqual({ kind: "until", date });
    const changed = await send(t, "PATCH", `/api/memories/${dated.id}`, { seal: { kind: "daysAfterRelease", days: 365 }, visibility: "family" }, cookie);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().memory).toMatchObject({ seal: { kind: "daysAfterRelease", days: 365 }, visibility: "family", version: 1 });
    const cleared = await send(t, "PATCH", `/api/memories/${dated.id}`, { seal: null }, cookie);
    expect(cleared.json().memory).toMatchObject({ seal: null, version: 1 });
    expect((await get(t, `/api/memories/${dated.id}`, cookie)).json().memory.seal).toBeNull();
  });

  it("keeps answering for a memory whose seal has opened, and keeps that seal through unrelated edits", async () => {
    const opened = (await create({ content: "Sealed once, open now", seal: { kind: "until", date: tomorrow() } })).json().memory;
    await t.owner.query(`UPDATE memories SET sealed_until = '2020-01-01' WHERE id = $1`, [opened.id]);
    expect((await get(t, `/api/memories/${opened.id}`, cookie)).json().memory.seal).toEqual({ kind: "until", date: "2020-01-01" });
    expect((await get(t, "/api/memories?limit=100", cookie)).statusCode).toBe(200);
    const edited = await send(t, "PATCH", `/api/memories/${opened.id}`, { emotion: "Joy" }, cookie);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().memory.seal).toEqual({ kind: "until", date: "2020-01-01" });
  });

  it("refuses a seal in the past, a seal of 0 days, and an unknown audience, with the field's message", async () => {
    for (const [body, message] of [
      [{ content: "x", seal: { kind: "until", date: "2001-01-01" } }, memoryMessages.sealDateInvalid],
      [{ content: "x", seal: { kind: "until", date: "not a date" } }, memoryMessages.sealDateInvalid],
      [{ content: "x", seal: { kind: "daysAfterRelease", days: 0 } }, memoryMessages.sealDaysInvalid],
      [{ content: "x", visibility: "everyone" }, memoryMessages.visibilityInvalid],
    ] as const) {
      const answer = await create(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe("validation_failed");
      expect(JSON.stringify(answer.json().error)).toContain(message);
    }
  });

  it("changes the audience of many memories at once, and filters the vault by audience", async () => {
    const ids = await Promise.all(["One", "Two", "Three"].map(async (c) => (await create({ content: `Bulk ${c}`, visibility: "private" })).json().memory.id as string));
    const answer = await send(t, "POST", "/api/memories/audience", { ids, visibility: "public" }, cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ updated: 3 });
    const publicOnes = (await get(t, "/api/memories?visibility=public&limit=100", cookie)).json();
    expect(publicOnes.memories.every((m: { visibility: string }) => m.visibility === "public")).toBe(true);
    expect(publicOnes.memories.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining(ids));
    expect(publicOnes.total).toBe(publicOnes.memories.length);
    const searched = (await get(t, "/api/memories?q=bulk&visibility=public", cookie)).json();
    expect(searched.total).toBe(3);
    expect((await get(t, "/api/memories?q=bulk&visibility=private", cookie)).json().total).toBe(0);
  });

  it("changes nothing when any of the memories is not the person's own, and answers 404", async () => {
    const mine = (await create({ content: "Mine to share", visibility: "private" })).json().memory.id as string;
    const theirs = (await create({ content: "Someone else's", visibility: "private" }, other)).json().memory.id as string;
    for (const ids of [[mine, theirs], [mine, "not-a-uuid"], [mine, "6f9619ff-8b86-4011-b42d-00c04fc964ff"]]) {
      const answer = await send(t, "POST", "/api/memories/audience", { ids, visibility: "family" }, cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe("memory_not_found");
    }
    expect((await get(t, `/api/memories/${mine}`, cookie)).json().memory.visibility).toBe("private");
    expect((await get(t, `/api/memories/${theirs}`, other)).json().memory.visibility).toBe("private");
  });

  it("refuses an empty or oversized change of audience", async () => {
    const empty = await send(t, "POST", "/api/memories/audience", { ids: [], visibility: "family" }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().error)).toContain(memoryMessages.bulkEmpty);
    const tooMany = Array.from({ length: MEMORY_BULK_MAX + 1 }, () => "6f9619ff-8b86-4011-b42d-00c04fc964ff");
    const big = await send(t, "POST", "/api/memories/audience", { ids: tooMany, visibility: "family" }, cookie);
    expect(big.statusCode).toBe(400);
    expect(JSON.stringify(big.json().error)).toContain(memoryMessages.bulkTooMany);
  });
});
