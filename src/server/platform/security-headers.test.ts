import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, type TestApp } from "../test/harness";

describe("security headers", () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    dev = await createTestApp();
    prod = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://mindprint.example", SMTP_URL: "smtp://127.0.0.1:2525" });
  });
  afterAll(async () => {
    await dev.close();
    await prod.close();
  });

  it("sends a CSP without inline scripts, nosniff, a strict referrer policy and COOP", async () => {
    const headers = (await get(dev, "/api/health")).headers;
    const csp = String(headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;| 'sha256-)/);
    expect(csp).not.toContain("'unsafe-inline';script");
    expect(csp.split(";").find((d) => d.startsWith("script-src"))).not.toContain("unsafe-inline");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["strict-transport-security"]).toBeUndefined();
  });

  it("adds HSTS in production and hides the development mailbox there", async () => {
    const response = await get(prod, "/api/health");
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect((await get(prod, "/dev/mailbox")).statusCode).toBe(404);
    expect((await get(dev, "/dev/mailbox")).statusCode).toBe(200);
  });

  it("names the production session cookie __Host- with Secure, Path=/ and no Domain, and accepts it back", async () => {
    const sent = prod.mails.length;
    const requested = await prod.app.inject({
      method: "POST",
      url: "/api/session/magic-link",
      payload: { email: "prod@example.com" },
      headers: { origin: "https://mindprint.example" },
    });
    expect(requested.statusCode).toBe(200);
    const token = new URLSearchParams(prod.mails[sent]!.text.match(/confirm\?(\S+)/)![1]).get("token");
    const confirmed = await prod.app.inject({
      method: "POST",
      url: "/api/session/magic-link/confirm",
      payload: { token, birthDate: "1980-05-17" },
      headers: { origin: "https://mindprint.example" },
    });
    const raw = confirmed.headers["set-cookie"];
    const cookie = (Array.isArray(raw) ? raw : [raw]).find((c) => c?.startsWith("__Host-mindprint.session_token="))!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).not.toContain("Domain=");
    const session = await get(prod, "/api/session", cookie.split(";")[0]);
    expect(session.json().user.email).toBe("prod@example.com");
  });

  it("reports the database as connected", async () => {
    expect((await get(dev, "/api/health")).json()).toEqual({ status: "ok", database: "connected" });
  });
});
