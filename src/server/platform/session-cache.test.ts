import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, newUser, send, type TestApp } from "../test/harness";

// The session cache's promise: a session ended in this process stops at once; one ended anywhere else (another
// process, an operator deleting the row) stops within SESSION_CACHE_SECONDS.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: "1" });
});
afterAll(() => t.close());

const status = async (cookie: string) => (await get(t, "/api/profile", cookie)).statusCode;

describe("session cache", () => {
  it("a session deleted behind this process's back stops working within SESSION_CACHE_SECONDS", async () => {
    const { cookie, id } = await newUser(t, "cache.elsewhere@example.com");
    expect(await status(cookie)).toBe(200);
    await t.owner.query("DELETE FROM session WHERE user_id = $1", [id]);
    // Still trusted for at most the cache's second…
    expect(await status(cookie)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // …and no longer.
    expect(await status(cookie)).toBe(401);
  });

  it("sign-out in this process ends the session here at once", async () => {
    const { cookie } = await newUser(t, "cache.signout@example.com");
    expect(await status(cookie)).toBe(200);
    expect((await send(t, "POST", "/api/session/sign-out", {}, cookie)).statusCode).toBe(200);
    expect(await status(cookie)).toBe(401);
  });

  it("account deletion ends every session of the person here at once", async () => {
    const { cookie } = await newUser(t, "cache.delete@example.com");
    // A second device: another sign-in link for the same address (the one-a-minute limit set aside for the test).
    await t.owner.query("DELETE FROM rate_limits");
    const second = (await newUser(t, "cache.delete@example.com")).cookie;
    expect(await status(cookie)).toBe(200);
    expect(await status(second)).toBe(200);
    expect((await send(t, "DELETE", "/api/account", { confirmation: "DELETE" }, cookie)).statusCode).toBe(200);
    expect(await status(cookie)).toBe(401);
    expect(await status(second)).toBe(401);
  });

  it("a request without the session cookie is nobody, without asking anyone", async () => {
    expect((await get(t, "/api/profile")).statusCode).toBe(401);
    expect((await get(t, "/api/session")).json().user).toBeNull();
  });
});

describe("session cache switched off", () => {
  it("SESSION_CACHE_SECONDS=0 asks the database on every request", async () => {
    const off = await createTestApp({ SESSION_CACHE_SECONDS: "0" });
    try {
      const cookie = await (await import("../test/harness")).signIn(off, "cache.off@example.com");
      expect((await get(off, "/api/profile", cookie)).statusCode).toBe(200);
      await off.owner.query("DELETE FROM session");
      expect((await get(off, "/api/profile", cookie)).statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });
});
