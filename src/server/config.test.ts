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

  it("refuses production without a mail transport: live sign-in links must never sit in the development mailbox", () => {
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), PUBLIC_URL: "https://mindprint.example" };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL: is required in production/);
    expect(loadConfig({ ...production, SMTP_URL: "smtp://relay.example:587" }).isProduction).toBe(true);
  });

  it("takes the voice mark signer's key and certificate chain together or not at all", () => {
    expect(() => loadConfig({ VOICE_MARK_KEY_FILE: "/etc/mindprint/key.pem" })).toThrow(/VOICE_MARK_CERT_FILE: VOICE_MARK_KEY_FILE and VOICE_MARK_CERT_FILE must be set together/);
    expect(loadConfig({ VOICE_MARK_KEY_FILE: "/k.pem", VOICE_MARK_CERT_FILE: "/c.pem" }).VOICE_MARK_CERT_FILE).toBe("/c.pem");
  });

  it("trusts no proxy unless told which: off by default, a hop count, or addresses and CIDR ranges; never everyone", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1, ::1" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "127.0.0.1", "::1"]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must be false, a number of proxy hops/);
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });
});
