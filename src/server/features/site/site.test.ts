import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicRoutes } from "../../../contract/public-routes";
import { createTestApp, get, post, type TestApp } from "../../test/harness";

let dev: TestApp;
let prod: TestApp;
let clocked: TestApp;
beforeAll(async () => {
  dev = await createTestApp();
  prod = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://mindprint.example", SMTP_URL: "smtp://127.0.0.1:2525" });
  clocked = await createTestApp({ DEV_CLOCK: "on" });
});
afterAll(async () => {
  await dev.close();
  await prod.close();
  await clocked.close();
});

describe("sitemap.xml and robots.txt", () => {
  it("lists every public page under the configured origin", async () => {
    const response = await get(prod, "/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/xml");
    for (const path of publicRoutes) expect(response.body).toContain(`<loc>https://mindprint.example${path}</loc>`);
    expect(response.body).not.toContain("/login");
  });

  it("keeps login, dashboard and the API out of search engines and points to the sitemap", async () => {
    const body = (await get(prod, "/robots.txt")).body;
    expect(body).toContain("Disallow: /login");
    expect(body).toContain("Disallow: /dashboard");
    expect(body).toContain("Disallow: /api/");
    expect(body).not.toMatch(/Disallow: \/$/m);
    expect(body).toContain("Sitemap: https://mindprint.example/sitemap.xml");
  });
});

describe("diagnostics", () => {
  it("describes version, database mode and providers in development", async () => {
    const response = await get(dev, "/api/debug");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ version: "0.1.0", database: "external", providers: { email: "smtp", googleSignIn: false, llm: "local", accessMode: "open" } });
  });

  it("does not exist in production", async () => {
    expect((await get(prod, "/api/debug")).statusCode).toBe(404);
    // Not in production (where DEV_CLOCK=on is refused at start), and not in development unless asked for.
    for (const url of ["/api/dev/clock", "/api/dev/legacy-check", "/api/dev/sign-in-limit"]) {
      expect(prod.app.hasRoute({ method: "POST", url }), url).toBe(false);
      expect(dev.app.hasRoute({ method: "POST", url }), url).toBe(false);
    }
  });

  it("lets a development server's legacy clock move forward, for browser tests that let days pass", async () => {
    const before = Date.now();
    const moved = await post(clocked, "/api/dev/clock", { days: 8 });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().now) - before).toBeGreaterThanOrEqual(8 * 86_400_000);
    expect(clocked.ctx.clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(8 * 86_400_000 - 1000);
    expect((await post(clocked, "/api/dev/clock", { days: -1 })).statusCode).toBe(400);
    expect((await post(clocked, "/api/dev/legacy-check", {})).statusCode).toBe(200);
  });

  it("lets a development server forget the minute between one address's sign-in links, and only that address's", async () => {
    const ask = (email: string) => post(clocked, "/api/session/magic-link", { email });
    for (const email of ["dev.limit@example.com", "dev.limit.other@example.com"]) expect((await ask(email)).statusCode).toBe(200);
    expect((await ask("dev.limit@example.com")).statusCode).toBe(429);
    expect((await post(clocked, "/api/dev/sign-in-limit", { email: "Dev.Limit@Example.com" })).statusCode).toBe(200);
    expect((await ask("dev.limit@example.com")).statusCode).toBe(200);
    expect((await ask("dev.limit.other@example.com")).statusCode).toBe(429);
    expect((await post(clocked, "/api/dev/sign-in-limit", { email: "not an address" })).statusCode).toBe(400);
  });
});
