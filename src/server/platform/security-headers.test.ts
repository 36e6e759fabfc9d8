import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, get, type TestApp } from "../test/harness";

describe("security headers", () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    dev = await createTestApp();
    prod = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://mindprint.example" });
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

  it("reports the database as connected", async () => {
    expect((await get(dev, "/api/health")).json()).toEqual({ status: "ok", database: "connected" });
  });
});
