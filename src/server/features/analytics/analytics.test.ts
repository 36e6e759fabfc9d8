import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsMessages } from "../../../contract";
import { createTestApp, post, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const browser = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36";
const track = (body: unknown, headers: Record<string, string> = { "user-agent": browser }, ip = "10.60.0.1") => post(t, "/api/events", body, headers, ip);
const stored = async () => (await t.owner.query(`SELECT name, source, properties, user_agent FROM analytics_events ORDER BY created_at, id`)).rows;

describe("POST /api/events", () => {
  it("stores each of the four landing events with its validated properties and the user agent, answering 202", async () => {
    const events = [
      { name: "Waitlist Navigation", source: "landing_page" },
      { name: "Platform Module Clicked", source: "LandingPage", properties: { module: "Memory Vault" } },
      { name: "How It Works Step Clicked", source: "LandingPage", properties: { step: "Clone Your Voice" } },
      { name: "Demo Video Play Clicked", source: "LandingPage", properties: {} },
    ];
    for (const event of events) {
      const response = await track(event);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ ok: true });
    }
    expect(await stored()).toEqual([
      { name: "Waitlist Navigation", source: "landing_page", properties: {}, user_agent: browser },
      { name: "Platform Module Clicked", source: "LandingPage", properties: { module: "Memory Vault" }, user_agent: browser },
      { name: "How It Works Step Clicked", source: "LandingPage", properties: { step: "Clone Your Voice" }, user_agent: browser },
      { name: "Demo Video Play Clicked", source: "LandingPage", properties: {}, user_agent: browser },
    ]);
  });

  it("keeps no IP address, user id or client time, and truncates a long user agent", async () => {
    await t.owner.query(`DELETE FROM analytics_events`);
    await track({ name: "Demo Video Play Clicked", source: "LandingPage" }, { "user-agent": "x".repeat(2000) });
    const columns = await t.owner.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'analytics_events' ORDER BY column_name`);
    expect(columns.rows.map((r) => r.column_name)).toEqual(["created_at", "id", "name", "properties", "source", "user_agent"]);
    const [row] = await stored();
    expect(row.user_agent).toHaveLength(512);
    expect(JSON.stringify(row)).not.toContain("10.60.0.1");
    await track({ name: "Demo Video Play Clicked", source: "LandingPage" }, { "user-agent": "" });
    expect((await stored()).at(-1).user_agent).toBeNull();
  });

  it("refuses an unknown event name, unknown or missing properties and free-text sources with 400", async () => {
    const before = (await stored()).length;
    const unknown = await track({ name: "Page Viewed", source: "LandingPage" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: "validation_failed", message: analyticsMessages.unknownEvent });
    for (const bad of [
      { name: "Platform Module Clicked", source: "LandingPage", properties: { module: "Crypto Wallet" } },
      { name: "Platform Module Clicked", source: "LandingPage" },
      { name: "How It Works Step Clicked", source: "LandingPage", properties: { step: "Own Your Data", email: "ann@example.com" } },
      { name: "Waitlist Navigation", source: "LandingPage", properties: { note: "hi" } },
      { name: "Waitlist Navigation", source: "ann@example.com" },
      { name: "Waitlist Navigation", source: "LandingPage", userId: "u1" },
      { name: "Waitlist Navigation" },
    ]) {
      expect((await track(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await track({ name: "Waitlist Navigation", source: "ann@example.com" })).json().error.message).toBe(analyticsMessages.sourceInvalid);
    expect((await stored()).length).toBe(before);
  });

  it("is Origin-checked like every state-changing request", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/events",
      payload: { name: "Waitlist Navigation", source: "LandingPage" },
      headers: { origin: "https://tracker.example" },
    });
    expect(response.statusCode).toBe(403);
  });

  it("limits one IP address generously: 300 events per 10 minutes, then 429", async () => {
    await t.owner.query(`INSERT INTO rate_limits (key, window_start, count) VALUES ('events:ip:10.60.9.9', now(), 300)`);
    const blocked = await track({ name: "Waitlist Navigation", source: "LandingPage" }, {}, "10.60.9.9");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(analyticsMessages.rateLimited);
    expect((await track({ name: "Waitlist Navigation", source: "LandingPage" }, {}, "10.60.9.10")).statusCode).toBe(202);
  });
});
