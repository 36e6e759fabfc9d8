import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overviewResponseSchema } from "../../../contract";
import { createTestApp, get, ORIGIN, signIn, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (method: "POST" | "PUT", url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method, url, payload: payload as object, headers: { origin: ORIGIN, cookie } });

describe("GET /api/overview", () => {
  it("shows honest zeros and empty states for a new account", async () => {
    const cookie = await signIn(t, "new.overview@example.com");
    const response = await get(t, "/api/overview", cookie);
    expect(response.statusCode).toBe(200);
    const body = overviewResponseSchema.parse(response.json());
    expect(body.completeness.percent).toBe(0);
    expect(body.voice).toEqual({ sessions: 0, seconds: 0, hours: 0, cloneReady: false });
    expect(body.memories).toEqual({ total: 0, availableToTwin: 0, recent: [], topEmotion: null });
    expect(body.biometricSync).toEqual({ active: false, lastReadingAt: null });
    expect(body.heartRate).toBeNull();
    expect(body.reflection).toBeNull();
    expect(body.mapping.map((m) => [m.domain, m.traits, m.progress, m.status])).toEqual([
      ["business", 0, 0, "No data yet"],
      ["family", 0, 0, "No data yet"],
      ["philosophical", 0, 0, "No data yet"],
      ["creative", 0, 0, "No data yet"],
    ]);
  });

  it("computes every figure from the person's rows, and only theirs", async () => {
    const cookie = await signIn(t, "figures@example.com");
    const other = await signIn(t, "someone.else@example.com");
    await send("POST", "/api/memories", { content: "Somebody else's career memory.", emotion: "Pride", category: "career" }, other);
    const contents = ["First family dinner in the new house, and everyone was loud and happy.", "Promotion day", "Grandad's workshop", "My first painting"];
    const categories = ["family", "career", "family", "creative"];
    for (let i = 0; i < contents.length; i++) {
      const created = await send("POST", "/api/memories", { content: contents[i], emotion: i === 1 ? "Pride" : "Joy", category: categories[i] }, cookie);
      expect(created.statusCode).toBe(201);
    }
    for (let i = 0; i < 10; i++) await send("POST", "/api/memories", { content: `Career note ${i}`, emotion: "Reflection", category: "career" }, cookie);
    await send("POST", "/api/onboarding/calibration", { statement: "A friend asks for money.", response: "I would help, quietly." }, cookie);
    const body = overviewResponseSchema.parse((await get(t, "/api/overview", cookie)).json());

    expect(body.memories.total).toBe(14);
    expect(body.memories.recent).toHaveLength(3);
    expect(body.memories.recent[0]?.excerpt).toBe("Career note 9");
    expect(body.memories.topEmotion).toBe("Reflection");
    const business = body.mapping.find((m) => m.domain === "business");
    expect(business).toMatchObject({ traits: 11, progress: 100, status: "Completed" });
    expect(body.mapping.find((m) => m.domain === "family")).toMatchObject({ traits: 2, progress: 20, status: "In Progress" });
    expect(body.mapping.find((m) => m.domain === "philosophical")).toMatchObject({ traits: 1, progress: 10, status: "In Progress" });
    expect(body.calibrationAnswers).toBe(1);
    // memories 30 × 14/50 = 8.4; calibration 15 × 1/10 = 1.5; mapping 15 × (100+20+10+10)/400 = 5.25 → 5.3; voice,
    // questionnaire and reflection 0: 15.2 → 15.
    expect(body.completeness.parts.map((p) => [p.key, p.earned])).toEqual([
      ["memories", 8.4],
      ["voice", 0],
      ["calibration", 1.5],
      ["mapping", 5.3],
      ["personality", 0],
      ["reflection", 0],
    ]);
    expect(body.completeness.percent).toBe(15);
  });

  it("cuts recent memories to 50 characters", async () => {
    const cookie = await signIn(t, "long.memory@example.com");
    const content = "The summer I turned twelve we drove to the coast in my uncle's green van and slept on the beach.";
    await send("POST", "/api/memories", { content, emotion: "Nostalgia" }, cookie);
    const body = overviewResponseSchema.parse((await get(t, "/api/overview", cookie)).json());
    expect(body.memories.recent[0]?.excerpt).toBe(`${content.slice(0, 50).trimEnd()}…`);
  });

  it("needs a signed-in user", async () => {
    expect((await get(t, "/api/overview")).statusCode).toBe(401);
  });
});
