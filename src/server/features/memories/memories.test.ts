import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryMessages } from "../../../contract";
import { createTestApp, get, ORIGIN, signIn, type TestApp } from "../../test/harness";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t, "keeper@example.com");
});
afterAll(() => t.close());

const send = (method: "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { origin: ORIGIN, cookie } });
const create = (body: Record<string, unknown>) => send("POST", "/api/memories", body);

describe("creating a memory: validation", () => {
  it("requires content (trimmed), with the spec's message", async () => {
    for (const content of [undefined, "", "   "]) {
      const response = await create({ content, emotion: "Joy" });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: "validation_failed", fields: { content: memoryMessages.contentRequired } });
    }
  });

  it("requires one of the ten emotions, with the spec's message", async () => {
    for (const emotion of [undefined, "", "Boredom", "joy"]) {
      const response = await create({ content: "A day at the sea", emotion });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.emotion).toBe(memoryMessages.emotionRequired);
    }
  });

  it("refuses an unknown category and defaults to personal", async () => {
    const bad = await create({ content: "x", emotion: "Joy", category: "gossip" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.category).toBe(memoryMessages.categoryInvalid);
    const ok = await create({ content: "x", emotion: "Joy" });
    expect(ok.json().memory.category).toBe("personal");
  });

  it("parses tags: trimmed, in the case typed, de-duplicated ignoring case, empty ones dropped; at most 20 of at most 40 characters", async () => {
    const response = await create({ content: "Tags", emotion: "Joy", tags: " Family, SEA ,, family,  ,summer " });
    expect(response.json().memory.tags).toEqual(["Family", "SEA", "summer"]);
    const many = await create({ content: "Tags", emotion: "Joy", tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(",") });
    expect(many.json().error.fields.tags).toBe(memoryMessages.tooManyTags);
    const long = await create({ content: "Tags", emotion: "Joy", tags: "a".repeat(41) });
    expect(long.json().error.fields.tags).toBe(memoryMessages.tagTooLong);
    const twenty = await create({ content: "Tags", emotion: "Joy", tags: Array.from({ length: 20 }, (_, i) => `t${i}`).join(",") });
    expect(twenty.json().memory.tags).toHaveLength(20);
  });

  it("takes an intensity from 1 to 10 (default 5)", async () => {
    for (const emotionalIntensity of [0, 11, 2.5, "7"]) {
      const response = await create({ content: "x", emotion: "Joy", emotionalIntensity });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.emotionalIntensity).toBe(memoryMessages.intensityInvalid);
    }
    expect((await create({ content: "x", emotion: "Joy", emotionalIntensity: 10 })).json().memory.emotionalIntensity).toBe(10);
    expect((await create({ content: "x", emotion: "Joy" })).json().memory.emotionalIntensity).toBe(5);
  });

  it("rejects fields only the server sets", async () => {
    for (const extra of [{ userId: "someone" }, { authenticityScore: 100 }, { version: 9 }, { createdAt: "2020-01-01" }, { hiddenFromTwin: true }]) {
      const response = await create({ content: "x", emotion: "Joy", ...extra });
      expect(response.statusCode).toBe(400);
    }
  });

  it("needs a signed-in user", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/memories", payload: { content: "x", emotion: "Joy" }, headers: { origin: ORIGIN } });
    expect(response.statusCode).toBe(401);
  });
});

describe("create, read, edit, hide, delete", () => {
  let id: string;

  it("creates a memory with every field of the shape", async () => {
    const response = await create({ content: "  My grandmother taught me to bake bread in 1972.  ", emotion: "Nostalgia", category: "family", tags: "Baking", emotionalIntensity: 8 });
    expect(response.statusCode).toBe(201);
    const memory = response.json().memory;
    expect(memory).toMatchObject({
      content: "My grandmother taught me to bake bread in 1972.",
      emotion: "Nostalgia",
      category: "family",
      tags: ["Baking"],
      emotionalIntensity: 8,
      hiddenFromTwin: false,
      visibility: "private",
      version: 1,
    });
    expect(memory.authenticityScore).toBeGreaterThan(0);
    expect(memory.authenticityScore).toBeLessThanOrEqual(100);
    id = memory.id;
    expect((await get(t, `/api/memories/${id}`, cookie)).json().memory).toEqual(memory);
  });

  it("lists the newest first with the total", async () => {
    const list = (await get(t, "/api/memories?limit=2", cookie)).json();
    expect(list.memories).toHaveLength(2);
    expect(list.memories[0].id).toBe(id);
    expect(list.total).toBeGreaterThan(2);
    expect((await get(t, "/api/memories?limit=101", cookie)).statusCode).toBe(400);
    expect((await get(t, "/api/memories?includeHidden=maybe", cookie)).statusCode).toBe(400);
  });

  it("keeps every version: three edits make four versions with the right contents", async () => {
    for (const content of ["Edit one", "Edit two", "Edit three"]) {
      const response = await send("PATCH", `/api/memories/${id}`, { content });
      expect(response.statusCode).toBe(200);
    }
    const memory = (await get(t, `/api/memories/${id}`, cookie)).json().memory;
    expect(memory).toMatchObject({ content: "Edit three", version: 4, emotion: "Nostalgia", tags: ["Baking"] });
    const versions = (await get(t, `/api/memories/${id}/versions`, cookie)).json().versions;
    expect(versions.map((v: { version: number; content: string }) => [v.version, v.content])).toEqual([
      [1, "My grandmother taught me to bake bread in 1972."],
      [2, "Edit one"],
      [3, "Edit two"],
      [4, "Edit three"],
    ]);
  });

  it("recomputes authenticity on an edit and validates the patch", async () => {
    const before = (await get(t, `/api/memories/${id}`, cookie)).json().memory;
    const after = (await send("PATCH", `/api/memories/${id}`, { tags: "bread, family", emotion: "Love", emotionalIntensity: 3 })).json().memory;
    expect(after).toMatchObject({ version: 5, tags: ["bread", "family"], emotion: "Love", emotionalIntensity: 3 });
    expect(after.authenticityScore).toBeGreaterThan(before.authenticityScore);
    expect((await send("PATCH", `/api/memories/${id}`, {})).statusCode).toBe(400);
    expect((await send("PATCH", `/api/memories/${id}`, { content: "  " })).json().error.fields.content).toBe(memoryMessages.contentRequired);
    expect((await send("PATCH", `/api/memories/${id}`, { version: 1 })).statusCode).toBe(400);
  });

  it("hides from the twin without a new version; the default list includes it, includeHidden=false leaves it out", async () => {
    const hidden = (await send("PATCH", `/api/memories/${id}`, { hiddenFromTwin: true })).json().memory;
    expect(hidden).toMatchObject({ hiddenFromTwin: true, version: 5 });
    expect((await get(t, `/api/memories/${id}/versions`, cookie)).json().versions).toHaveLength(5);
    const all = (await get(t, "/api/memories?limit=100", cookie)).json();
    expect(all.memories.find((m: { id: string }) => m.id === id)?.hiddenFromTwin).toBe(true);
    const visible = (await get(t, "/api/memories?includeHidden=false&limit=100", cookie)).json();
    expect(visible.memories.map((m: { id: string }) => m.id)).not.toContain(id);
    expect(visible.total).toBe(all.total - 1);
  });

  it("deletes the memory and its versions", async () => {
    const response = await send("DELETE", `/api/memories/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await get(t, `/api/memories/${id}`, cookie)).statusCode).toBe(404);
    const left = await t.owner.query(`SELECT count(*)::int AS n FROM memory_versions WHERE memory_id = $1`, [id]);
    expect(left.rows[0].n).toBe(0);
    expect((await send("DELETE", `/api/memories/${id}`)).json().error.code).toBe("memory_not_found");
  });

  it("answers memory_not_found for unknown and malformed ids", async () => {
    for (const bad of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1"]) {
      for (const response of [
        await get(t, `/api/memories/${bad}`, cookie),
        await get(t, `/api/memories/${bad}/versions`, cookie),
        await send("PATCH", `/api/memories/${bad}`, { content: "x" }),
        await send("DELETE", `/api/memories/${bad}`),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({ code: "memory_not_found", message: memoryMessages.notFound });
      }
    }
  });
});
