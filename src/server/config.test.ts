import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("runs with no settings at all", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, ACCESS_MODE: "open", googleEnabled: false, publicUrl: "http://localhost:3000" });
  });

  it("lists every wrong value at once, readably", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", ACCESS_MODE: "closed", GOOGLE_CLIENT_ID: "only-half", DATABASE_URL: "not a url" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^ACCESS_MODE: /m);
    expect(problems).toMatch(/^DATABASE_URL: /m);
    expect(problems).toContain("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
    expect((error as Error).message).toContain("Mindprint cannot start");
  });

  it("runs allowlist mode on waitlist invitations alone, and normalises the configured addresses", () => {
    expect(loadConfig({ ACCESS_MODE: "allowlist" }).ALLOWED_EMAILS).toEqual([]);
    expect(loadConfig({ ACCESS_MODE: "allowlist", ALLOWED_EMAILS: " A@Example.com,b@example.com " }).ALLOWED_EMAILS).toEqual([
      "a@example.com",
      "b@example.com",
    ]);
  });

  it("requires a secret and a public URL in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*AUTH_SECRET/);
  });
});
