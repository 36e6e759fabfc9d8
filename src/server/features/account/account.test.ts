import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../../contract";
import { createTestApp, get, post, signIn, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ORIGIN = "http://localhost:3000";
const send = (method: "PUT" | "POST" | "PATCH" | "DELETE", url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method, url, payload: payload as object, headers: { origin: ORIGIN, cookie } });

/** Gives a user a row in every user-owned table the product has today. */
async function fillAccount(cookie: string, email: string) {
  await send("PUT", "/api/profile/identity", { firstName: "Vera", legacyPreference: "family" }, cookie);
  await send("POST", "/api/onboarding/calibration", { statement: "A rainy Sunday.", response: "Soup and old films." }, cookie);
  await send("POST", "/api/onboarding/reflection", {}, cookie);
  const memory = await send("POST", "/api/memories", { content: "My father's workshop smelled of pine.", emotion: "Nostalgia" }, cookie);
  expect(memory.statusCode).toBe(201);
  await send("PATCH", `/api/memories/${memory.json().memory.id}`, { content: "My father's workshop always smelled of pine." }, cookie);
  await post(t, "/api/waitlist", { email }, {}, `10.4.0.${email.length}`);
}

/** Rows per user-owned table (every table with a user_id column) for one user. */
async function ownedRows(userId: string): Promise<Record<string, number>> {
  const tables = await t.owner.query(`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'user_id'`);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = await t.owner.query(`SELECT count(*)::int AS n FROM "${table_name}" WHERE user_id = $1`, [userId]);
    counts[table_name] = result.rows[0].n;
  }
  return counts;
}

describe("deleting an account", () => {
  it("removes every row the user owns, their waitlist entry and session, and leaves other people's data alone", async () => {
    const cookie = await signIn(t, "leaving.for.good@example.com");
    const other = await signIn(t, "staying@example.com");
    await fillAccount(cookie, "leaving.for.good@example.com");
    await fillAccount(other, "staying@example.com");
    const id = (await get(t, "/api/session", cookie)).json().user.id;
    const otherId = (await get(t, "/api/session", other)).json().user.id;
    const before = await ownedRows(id);
    expect(Object.values(before).filter((n) => n > 0).length).toBeGreaterThanOrEqual(6);

    const response = await send("DELETE", "/api/account", { confirmation: "DELETE" }, cookie);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers["set-cookie"])).toContain("mindprint.session_token=;");

    expect(Object.values(await ownedRows(id)).every((n) => n === 0)).toBe(true);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM "user" WHERE id = $1`, [id])).rows[0].n).toBe(0);
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE email = 'leaving.for.good@example.com'`)).rows[0].n).toBe(0);
    expect((await get(t, "/api/profile", cookie)).statusCode).toBe(401);

    const kept = await ownedRows(otherId);
    expect(kept).toEqual(expect.objectContaining({ profiles: 1, memories: 1, ai_reflections: 1 }));
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE email = 'staying@example.com'`)).rows[0].n).toBe(1);
  });

  it("needs the typed confirmation", async () => {
    const cookie = await signIn(t, "careful@example.com");
    for (const payload of [{}, { confirmation: "delete" }, { confirmation: "DELETE", extra: true }]) {
      const response = await send("DELETE", "/api/account", payload, cookie);
      expect(response.statusCode).toBe(400);
    }
    const wrong = await send("DELETE", "/api/account", { confirmation: "yes" }, cookie);
    expect(wrong.json().error.message).toBe(messages.deleteConfirmation);
    expect((await get(t, "/api/profile", cookie)).statusCode).toBe(200);
  });

  it("needs a sign-in within the last 10 minutes", async () => {
    const cookie = await signIn(t, "stale@example.com");
    await t.owner.query(`UPDATE session SET created_at = now() - interval '11 minutes' WHERE user_id = (SELECT id FROM "user" WHERE email = 'stale@example.com')`);
    const response = await send("DELETE", "/api/account", { confirmation: "DELETE" }, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: "reauth_required", message: messages.reauthRequired });
    expect((await get(t, "/api/profile", cookie)).statusCode).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const response = await t.app.inject({ method: "DELETE", url: "/api/account", payload: { confirmation: "DELETE" }, headers: { origin: ORIGIN } });
    expect(response.statusCode).toBe(401);
  });
});
