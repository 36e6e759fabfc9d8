import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, ORIGIN, signIn, type TestApp } from "../../test/harness";

// Issue 35: a tag is often a name ("Jefferson Elementary"); it comes back as typed, while finding and de-duplicating
// tags ignores case.
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t, "tags.case@example.com");
});
afterAll(() => t.close());

const send = (method: "POST" | "PATCH", url: string, payload: object) => t.app.inject({ method, url, payload, headers: { origin: ORIGIN, cookie } });
const search = async (q: string) => ((await get(t, `/api/memories?q=${encodeURIComponent(q)}`, cookie)).json().memories as { id: string }[]).map((m) => m.id);

describe("tags keep the case they were typed in", () => {
  it("stores the typed case, drops a second spelling of the same tag, and finds the memory whatever the case of the search", async () => {
    const created = await send("POST", "/api/memories", { content: "My first day of school, in a yellow dress.", emotion: "Joy", tags: "Jefferson Elementary, jefferson elementary, 1975, JEFFERSON ELEMENTARY" });
    expect(created.statusCode).toBe(201);
    const memory = created.json().memory;
    expect(memory.tags).toEqual(["Jefferson Elementary", "1975"]);
    expect((await get(t, `/api/memories/${memory.id}`, cookie)).json().memory.tags).toEqual(["Jefferson Elementary", "1975"]);

    // A search matches the tag in any case; the content does not hold the word, so only the tag can match.
    for (const q of ["jefferson", "JEFFERSON ELEMENTARY", "Jefferson Elementary"]) expect(await search(q)).toEqual([memory.id]);
  });

  it("an edit that only changes a tag's case is kept as typed, as a new version; lower-case tags written earlier still read back", async () => {
    const created = (await send("POST", "/api/memories", { content: "Fishing at the lake with Dad.", emotion: "Nostalgia", tags: "lake, dad" })).json().memory;
    expect(created.tags).toEqual(["lake", "dad"]);
    const edited = await send("PATCH", `/api/memories/${created.id}`, { tags: "Lake Tahoe, Dad, dad" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().memory).toMatchObject({ tags: ["Lake Tahoe", "Dad"], version: 2 });
    const versions = (await get(t, `/api/memories/${created.id}/versions`, cookie)).json().versions as { version: number; tags: string[] }[];
    expect(versions.map((v) => v.tags)).toEqual([
      ["lake", "dad"],
      ["Lake Tahoe", "Dad"],
    ]);
    expect(await search("lake tahoe")).toEqual([created.id]);
  });
});
