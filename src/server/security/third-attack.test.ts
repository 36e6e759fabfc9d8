import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { voiceConsentScopes } from "../../contract";
import { controlCharacterMessages } from "../../contract/plain-text";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createTestApp, newUser, ORIGIN, send, type TestApp } from "../test/harness";

// Issue 40, the low findings of the third attack (SECURITY.md 36, 48, 49): every multipart route answers a body cut
// short the same way; names, relationships and messages to visitors refuse control characters; production has no
// development pages, routes or document entries, and refuses DEV_CLOCK=on.
vi.setConfig({ testTimeout: 60_000 });
let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  prod = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://mindprint.example", SMTP_URL: "smtp://127.0.0.1:2525" });
});
afterAll(async () => {
  await t.close();
  await prod.close();
});

/** A multipart body that breaks off inside its file part, with no closing boundary. */
function truncatedUpload(url: string, cookie: string, field: string, fields: Record<string, string> = {}) {
  const boundary = "----mindprintcut";
  const texts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("");
  const payload = `${texts}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\nRIFF$\u0000\u0000\u0000WAVEfmt `;
  return t.app.inject({ method: "POST", url, payload, headers: { origin: ORIGIN, cookie, "content-type": `multipart/form-data; boundary=${boundary}` } });
}

describe("multipart, one way everywhere", () => {
  it("answers a truncated body with a 400 in the route's words on every upload route, never a 500", async () => {
    const { cookie } = await newUser(t, "truncated.uploads@example.com");
    const routes: [string, string, Record<string, string>?][] = [
      ["/api/voice/verify", "audio"],
      ["/api/voice/sessions", "audio"],
      ["/api/voice/consent", "audio", { scope: voiceConsentScopes[0], day: new Date().toISOString().slice(0, 10) }],
      ["/api/biometrics/imports", "file"],
    ];
    for (const [url, field, fields] of routes) {
      const answer = await truncatedUpload(url, cookie, field, fields);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(400);
      expect(answer.json().error.code, url).toBe("validation_failed");
      expect(answer.json().error.fields, url).toHaveProperty(field);
    }
  });
});

describe("what the owner types for others", () => {
  it("refuses line breaks and control characters in names and relationships, and control characters in messages", async () => {
    const { cookie } = await newUser(t, "header.injection@example.com");
    const tries = [
      { name: "Ann\r\nBcc: everyone@example.com", email: "ann.crlf@example.com", relationship: "sister" },
      { name: "Ann", email: "ann.crlf@example.com", relationship: "sister\nSubject: urgent" },
      { name: "Ann\u0085Smith", email: "ann.crlf@example.com", relationship: "sister" },
      { name: "Ann\u2028Smith", email: "ann.crlf@example.com", relationship: "sister" },
    ];
    for (const body of tries) {
      const refused = await send(t, "POST", "/api/legacy/contacts", body, cookie);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.message).toBe(controlCharacterMessages.singleLine);
    }
    expect(t.mails.filter((m) => m.to === "ann.crlf@example.com")).toEqual([]);
    const named = await send(t, "PUT", "/api/profile/identity", { firstName: "Nora\r\nReply-To: x@example.com", legacyPreference: "family" }, cookie);
    expect(named.statusCode).toBe(400);
    // A plain name still goes through.
    expect((await send(t, "POST", "/api/legacy/contacts", { name: "Ann Smith", email: "ann.plain@example.com", relationship: "sister" }, cookie)).statusCode).toBe(201);
  });
});

describe("production has no development doors", () => {
  it("refuses to start with DEV_CLOCK=on", () => {
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), PUBLIC_URL: "https://mindprint.example", SMTP_URL: "smtp://127.0.0.1:2525", DEV_CLOCK: "on" })).toThrow(/DEV_CLOCK/);
  });

  it("leaves the development endpoints out of its API document", async () => {
    const paths = Object.keys((await prod.app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths);
    expect(paths.filter((p) => p.startsWith("/api/dev/") || p === "/api/debug")).toEqual([]);
    expect(paths).toContain("/api/memories");
    const devPaths = Object.keys((await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths);
    expect(devPaths).toContain("/api/debug");
  });

  it("answers /dev-test and /debug with 404 in production, and serves them in development", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-client-"));
    fs.writeFileSync(path.join(clientDir, "__spa-fallback.html"), "<!doctype html><title>app</title>");
    const production = await buildApp(prod.ctx, { clientDir, logger: false });
    const development = await buildApp(t.ctx, { clientDir, logger: false });
    try {
      for (const url of ["/dev-test", "/debug", "/debug/"]) {
        expect((await production.inject({ method: "GET", url, headers: { host: "mindprint.example" } })).statusCode, url).toBe(404);
        expect((await development.inject({ method: "GET", url })).statusCode, url).toBe(200);
      }
      expect((await production.inject({ method: "GET", url: "/dashboard", headers: { host: "mindprint.example" } })).statusCode).toBe(200);
    } finally {
      await production.close();
      await development.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
