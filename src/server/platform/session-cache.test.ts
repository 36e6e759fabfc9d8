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

describe("session cache, in itself", () => {
  const checked = { user: { id: "u1", email: "a@example.com", name: "", signedInAt: new Date() }, access: { allowed: true, reason: null, scope: "full" as const, age: "adult" as const } };
  const later = Date.now() + 60_000;

  it("refuses an answer checked before a sign-out or deletion that happened meanwhile", async () => {
    const { createSessionCache } = await import("./session-cache");
    const cache = createSessionCache(5, "mindprint.session_token");
    const before = cache.mark();
    cache.forgetCookie("token.sig");
    cache.set("token.sig", checked, later, before);
    expect(cache.get("token.sig")).toBeUndefined();
    const again = cache.mark();
    cache.forgetUser("someone-else");
    cache.set("token.sig", checked, later, again);
    expect(cache.get("token.sig")).toBeUndefined();
    cache.set("token.sig", checked, later, cache.mark());
    expect(cache.get("token.sig")?.user.id).toBe("u1");
  });

  it("reads only the cookie name sign-in sets, the first of that name", async () => {
    const { createSessionCache } = await import("./session-cache");
    const production = createSessionCache(5, "__Host-mindprint.session_token");
    const headers = (cookie: string) => new Headers({ cookie });
    expect(production.cookieOf(headers("mindprint.session_token=planted"))).toBeNull();
    expect(production.cookieOf(headers("mindprint.session_token=planted; __Host-mindprint.session_token=real"))).toBe("real");
    expect(production.cookieOf(headers("__Host-mindprint.session_token=first; __Host-mindprint.session_token=second"))).toBe("first");
    const development = createSessionCache(5, "mindprint.session_token");
    expect(development.cookieOf(headers("__Host-mindprint.session_token=x"))).toBeNull();
    expect(development.cookieOf(headers("other=1; mindprint.session_token=abc.def"))).toBe("abc.def");
  });

  it("keeps nothing when switched off, and nothing past the session's own end", async () => {
    const { createSessionCache } = await import("./session-cache");
    const off = createSessionCache(0, "mindprint.session_token");
    off.set("t", checked, later, off.mark());
    expect(off.get("t")).toBeUndefined();
    let now = 1_000_000;
    const cache = createSessionCache(5, "mindprint.session_token", () => now);
    cache.set("t", checked, now + 2_000, cache.mark());
    now += 1_999;
    expect(cache.get("t")).toBeDefined();
    now += 2;
    expect(cache.get("t")).toBeUndefined();
  });
});
