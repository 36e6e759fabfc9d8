// The attacker's findings (issue "Hardening"), each replayed against the real app: every test here failed before
// its fix. Cross-user isolation has its own tests beside each feature.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportMessages, messages, voiceMessages } from "../../contract";
import { speechFixture, uploadRecording } from "../features/voice/test-helpers";
import { buildApp } from "../app";
import { admitGeneration } from "../platform/generation-limit";
import { createTestApp, get, ORIGIN, post, signIn, type TestApp } from "../test/harness";

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on("data", (chunk: Buffer) => logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  t = await createTestApp({ MAGIC_LINK_IP_LIMIT: "3", LOG_LEVEL: "info" }, { logStream });
});
afterAll(() => t.close());

const json = (cookie: string, method: "POST" | "PATCH", url: string, payload: unknown, origin = ORIGIN) =>
  t.app.inject({ method, url, payload: payload as object, headers: { origin, cookie } });

describe("origin check", () => {
  it("refuses a state-changing request from another origin whatever the path's encoding", async () => {
    const cookie = await signIn(t, "origin.bypass@example.com");
    for (const url of ["/api/memories", "/%61pi/memories", "/%61%70%69/memories", "/api/%6demories"]) {
      const response = await json(cookie, "POST", url, { content: "Planted from another site.", emotion: "Joy" }, "http://localhost:4444");
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code, url).toBe("origin_rejected");
    }
    const stored = await t.owner.query(`SELECT count(*)::int AS n FROM memories WHERE content = 'Planted from another site.'`);
    expect(stored.rows[0].n).toBe(0);
  });
});

describe("the app's database login", () => {
  it("is not a superuser, cannot create roles or become one, owns nothing, and cannot run programs", async () => {
    const client = await (t.ctx.db as unknown as { $client: Pool }).$client.connect();
    try {
      const me = (await client.query(`SELECT r.rolname, r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls, current_setting('is_superuser') AS is_superuser
        FROM pg_roles r WHERE r.rolname = session_user`)).rows[0];
      expect(me).toMatchObject({ rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false, is_superuser: "off" });
      expect(me.rolname).toMatch(/^mindprint_login_/);
      const owned = await client.query(`SELECT count(*)::int AS n FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner WHERE r.rolname = session_user`);
      expect(owned.rows[0].n).toBe(0);
      const owner = (await t.owner.query(`SELECT current_user AS name`)).rows[0].name as string;
      await expect(client.query(`SET ROLE ${owner}`)).rejects.toMatchObject({ code: "42501" });
      await expect(client.query(`COPY (SELECT 1) TO PROGRAM 'true'`)).rejects.toMatchObject({ code: "42501" });
      await expect(client.query(`CREATE ROLE intruder LOGIN SUPERUSER`)).rejects.toMatchObject({ code: "42501" });
    } finally {
      client.release();
    }
  });
});

describe("proxy headers", () => {
  it("does not let a rotating X-Forwarded-For escape the per-address sign-in limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post(t, "/api/session/magic-link", { email: `rotate${i}@example.com` }, { "x-forwarded-for": `203.0.113.${i}` }, "192.0.2.77");
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe("encrypted import", () => {
  it("refuses key-derivation parameters it never writes, at once and without deriving a key", async () => {
    const cookie = await signIn(t, "scrypt.bomb@example.com");
    const exported = await json(cookie, "POST", "/api/export/consciousness/encrypted", { passphrase: "correct horse battery staple" });
    const file = JSON.parse(exported.body);
    // The same path up to the key (the file is read in a thread of its own first): an encrypted file without its
    // passphrase is refused right after it is read. Measured twice, the second warm, as the baseline.
    let baselineMs = 0;
    for (let i = 0; i < 2; i += 1) {
      const started = performance.now();
      expect((await json(cookie, "POST", "/api/import", { file: exported.body })).json().error.message).toBe(exportMessages.passphraseNeeded);
      baselineMs = performance.now() - started;
    }
    for (const kdf of [{ r: 32, p: 16 }, { N: 2 ** 20 }, { r: 1 }]) {
      const started = performance.now();
      const response = await json(cookie, "POST", "/api/import", { file: JSON.stringify({ ...file, kdf: { ...file.kdf, ...kdf } }), passphrase: "correct horse battery staple" });
      expect(response.statusCode).toBe(422);
      // Parameters outside the file format, or inside it but not ours: both are refused with a message to act on.
      expect([exportMessages.unsupportedEncryption, exportMessages.damagedFile]).toContain(response.json().error.message);
      // No scrypt ran: the refusal costs what reading the file costs (those parameters would take seconds and a gigabyte).
      expect(performance.now() - started).toBeLessThan(baselineMs * 2 + 300);
    }
  });
});

describe("bodies are read only after the caller is known", () => {
  it("answers 401 to a large body without a session, without reading it", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/import", payload: { file: "x".repeat(2 * 1024 * 1024) }, headers: { origin: ORIGIN } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
  });

  it("limits bodies per route: a signed-in person gets a clear 413 beyond what a memory can be", async () => {
    const cookie = await signIn(t, "big.body@example.com");
    const response = await json(cookie, "POST", "/api/memories", { content: "x".repeat(300 * 1024), emotion: "Joy" });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: "payload_too_large", message: messages.bodyTooLarge });
  });
});

describe("input that used to reach the database as a 500", () => {
  it("refuses a NUL character in any text field or in the address with a clear 400", async () => {
    const cookie = await signIn(t, "nul.char@example.com");
    const cases = [
      json(cookie, "POST", "/api/memories", { content: "before\u0000after", emotion: "Joy" }),
      json(cookie, "POST", "/api/memories", { content: "fine", emotion: "Joy", tags: "a\u0000b" }),
      json(cookie, "POST", "/api/twin/chat", { text: "hello\u0000" }),
      json(cookie, "POST", "/api/onboarding/calibration", { statement: "s\u0000", response: "r" }),
      get(t, "/api/memories?q=%00", cookie),
      get(t, "/api/memories?q=a%00b", cookie),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: "validation_failed", message: messages.nulCharacter });
    }
  });

  it("answers malformed multipart with a 400 a person can act on, and refuses a second file, keeping nothing", async () => {
    const cookie = await signIn(t, "bad.multipart@example.com");
    const send = (payload: Buffer | string, contentType: string) =>
      t.app.inject({ method: "POST", url: "/api/voice/sessions", payload, headers: { origin: ORIGIN, cookie, "content-type": contentType } });
    const broken = [
      await send("garbage without any boundary", "multipart/form-data; boundary=xyz"),
      await send("--xyz\r\nContent-Disposition: form-data; name=\"audio\"; filename=\"a.webm\"\r\n\r\nabc", "multipart/form-data; boundary=xyz"),
      await send("--xyz--", "multipart/form-data"),
    ];
    for (const response of broken) {
      expect(response.statusCode).toBe(400);
      expect([voiceMessages.fileRequired, voiceMessages.uploadIncomplete, messages.unreadableBody]).toContain(response.json().error.message);
    }
    const boundary = "----two-files";
    const part = (name: string) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="r.webm"\r\nContent-Type: audio/webm\r\n\r\n`), speechFixture, Buffer.from("\r\n")]);
    const two = await send(Buffer.concat([part("audio"), part("audio"), Buffer.from(`--${boundary}--\r\n`)]), `multipart/form-data; boundary=${boundary}`);
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe(voiceMessages.oneFileOnly);
    expect((await get(t, "/api/voice/sessions", cookie)).json().sessions).toEqual([]);
    // One file still works.
    expect((await uploadRecording(t, cookie, speechFixture)).statusCode).toBe(201);
  });

  it("speaks in the one envelope with words a person can act on, never the framework's", async () => {
    const cookie = await signIn(t, "envelope@example.com");
    const notAnObject = await t.app.inject({ method: "POST", url: "/api/memories", payload: '"just a string"', headers: { origin: ORIGIN, cookie, "content-type": "application/json" } });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().error.message).not.toMatch(/Invalid input|expected object/);
    const poisoned = await t.app.inject({ method: "POST", url: "/api/memories", payload: '{"content":"x","emotion":"Joy","__proto__":{"admin":true}}', headers: { origin: ORIGIN, cookie, "content-type": "application/json" } });
    expect(poisoned.statusCode).toBe(400);
    const brokenJson = await t.app.inject({ method: "POST", url: "/api/memories", payload: "{not json", headers: { origin: ORIGIN, cookie, "content-type": "application/json" } });
    expect(brokenJson.json().error).toEqual({ code: "validation_failed", message: messages.unreadableBody });
    const longId = await get(t, `/api/memories/${"a".repeat(5000)}`, cookie);
    expect(longId.statusCode).toBe(414);
    expect(longId.json()).toEqual({ error: { code: "url_too_long", message: messages.urlTooLong } });
  });
});

describe("headers", () => {
  it("forbids framing consistently: X-Frame-Options DENY next to frame-ancestors 'none'", async () => {
    const response = await get(t, "/api/health");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(String(response.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
  });
});

describe("pages", () => {
  it("answers an unknown page with the app's own page and status 404, known pages with 200", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-client-"));
    fs.writeFileSync(path.join(clientDir, "__spa-fallback.html"), "<!doctype html><title>app</title>");
    fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>home</title>");
    const web = await buildApp(t.ctx, { clientDir, logger: false });
    try {
      const page = (url: string) => web.inject({ method: "GET", url });
      expect((await page("/no-such-page")).statusCode).toBe(404);
      expect((await page("/no-such-page")).body).toContain("<title>app</title>");
      expect((await page("/dashboard/biometrics")).statusCode).toBe(200);
      expect((await page("/login")).statusCode).toBe(200);
      expect((await page("/onboarding/identity")).statusCode).toBe(200);
      expect((await page("/")).statusCode).toBe(200);
      expect((await page("/assets/missing.js")).statusCode).toBe(404);
      // Another name of this server moves to the public origin, where sign-in works; the API answers where it is.
      const aliased = await web.inject({ method: "GET", url: "/login?next=%2Fdashboard", headers: { host: "127.0.0.1:3000" } });
      expect(aliased.statusCode).toBe(308);
      expect(aliased.headers.location).toBe("http://localhost:3000/login?next=%2Fdashboard");
      expect((await web.inject({ method: "GET", url: "/api/health", headers: { host: "127.0.0.1:3000" } })).statusCode).toBe(200);
    } finally {
      await web.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe("logs", () => {
  it("never carry what a person wrote, even when a query with their text fails", async () => {
    const cookie = await signIn(t, "log.leak@example.com");
    const secret = "my-secret-diary-line-7f3a";
    // A constraint the app does not know about makes the insert fail inside PostgreSQL, with the text as a parameter.
    await t.owner.query(`ALTER TABLE memories ADD CONSTRAINT test_refuse_secret CHECK (content NOT LIKE '%secret-diary%') NOT VALID`);
    try {
      const response = await json(cookie, "POST", "/api/memories", { content: `Today: ${secret}`, emotion: "Joy" });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(secret);
    } finally {
      await t.owner.query(`ALTER TABLE memories DROP CONSTRAINT test_refuse_secret`);
    }
    expect(logLines.some((line) => line.includes("database query failed"))).toBe(true);
    expect(logLines.filter((line) => line.includes(secret) || line.includes("secret-diary"))).toEqual([]);
  });
});

describe("generation limits", () => {
  let g: TestApp;
  beforeAll(async () => {
    g = await createTestApp({ GENERATION_PER_MINUTE: "3", GENERATION_CONCURRENCY: "1" });
  });
  afterAll(() => g.close());

  it("caps each person's generations per minute across twin chat, scenarios, insights and reflections, with Retry-After", async () => {
    const cookie = await signIn(g, "generate.a@example.com");
    const ask = (url: string, payload: object) => g.app.inject({ method: "POST", url, payload, headers: { origin: ORIGIN, cookie } });
    expect((await ask("/api/twin/chat", { text: "Hello?" })).statusCode).toBe(200);
    expect((await ask("/api/twin/scenario", { scenario: "Should I move?" })).statusCode).toBe(200);
    expect((await ask("/api/twin/insights/memory", {})).statusCode).toBe(200);
    for (const [url, payload] of [["/api/twin/chat", { text: "Again?" }], ["/api/twin/insights/values", {}], ["/api/onboarding/reflection", {}]] as const) {
      const refused = await ask(url, payload);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json().error).toEqual({ code: "rate_limited", message: messages.generationRateLimited });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Another person is not affected.
    const other = await signIn(g, "generate.b@example.com");
    expect((await g.app.inject({ method: "POST", url: "/api/twin/chat", payload: { text: "Hi" }, headers: { origin: ORIGIN, cookie: other } })).statusCode).toBe(200);
  });

  it("caps generations running at once in a process, with a short line, then 429 busy", async () => {
    const gate = g.ctx.generationGate;
    await expect.poll(() => gate.running).toBe(0);
    // One answer running (GENERATION_CONCURRENCY=1) and four in line: the next person is told to come back.
    const running = await gate.acquire();
    const inLine = [1, 2, 3, 4].map(() => gate.acquire());
    expect([gate.running, gate.waiting]).toEqual([1, 4]);
    await expect(admitGeneration(g.ctx, "someone-else")).rejects.toMatchObject({ code: "rate_limited", message: messages.generationBusy, extra: { retryAfterSeconds: 2 } });
    running();
    for (const next of inLine) (await next)();
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });
});

describe("idempotent memory creation", () => {
  it("stores a memory once however often the same request is retried, even at the same moment", async () => {
    const cookie = await signIn(t, "idempotent@example.com");
    const create = (key: string, content = "The first snow of 1987 on the orchard.") =>
      t.app.inject({ method: "POST", url: "/api/memories", payload: { content, emotion: "Joy" }, headers: { origin: ORIGIN, cookie, "idempotency-key": key } });
    const first = await create("retry-key-0001");
    expect(first.statusCode).toBe(201);
    const again = await create("retry-key-0001");
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().memory.id).toBe(first.json().memory.id);
    const together = await Promise.all([create("retry-key-0002", "Two at once."), create("retry-key-0002", "Two at once."), create("retry-key-0002", "Two at once.")]);
    expect(new Set(together.map((r) => r.json().memory.id)).size).toBe(1);
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const stored = await t.owner.query(`SELECT content, count(*)::int AS n FROM memories m JOIN "user" u ON u.id = m.user_id WHERE u.email = 'idempotent@example.com' GROUP BY content ORDER BY content`);
    expect(stored.rows).toEqual([
      { content: "The first snow of 1987 on the orchard.", n: 1 },
      { content: "Two at once.", n: 1 },
    ]);
    // Without a key every request is its own memory, as before; a malformed key is refused with the reason.
    const bad = await create("no spaces allowed");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(messages.idempotencyKeyInvalid);
  });

  it("never hands one person's memory to another who happens to send the same key", async () => {
    const a = await signIn(t, "idem.a@example.com");
    const b = await signIn(t, "idem.b@example.com");
    const send = (cookie: string, content: string) =>
      t.app.inject({ method: "POST", url: "/api/memories", payload: { content, emotion: "Joy" }, headers: { origin: ORIGIN, cookie, "idempotency-key": "shared-key-1234" } });
    const fromA = await send(a, "A's private memory.");
    const fromB = await send(b, "B's own memory.");
    expect(fromB.statusCode).toBe(201);
    expect(fromB.json().memory.id).not.toBe(fromA.json().memory.id);
    expect(fromB.json().memory.content).toBe("B's own memory.");
  });
});
