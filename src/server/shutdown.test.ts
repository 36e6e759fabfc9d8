import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughDevMailbox } from "./test/dev-mailbox-sign-in";
import { findFreePort } from "./test/free-port";
import { createTestApp, type TestApp } from "./test/harness";
import { spawnServer, waitUntilReady, type SpawnedServer } from "./test/spawn-server";

// SIGTERM on an app process: requests in flight finish within the grace period, and one that does not is closed
// without storing anything.
const clip = fs.readFileSync(path.join(import.meta.dirname, "platform/audio/fixtures/spoken-4.5s.webm"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function start(graceSeconds: number): Promise<{ server: SpawnedServer; base: string; port: number; dataDir: string }> {
  const port = await findFreePort();
  const base = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-shutdown-"));
  const server = spawnServer({
    NODE_ENV: "development",
    DATABASE_URL: t.databaseUrl,
    AUTH_SECRET: "shutdown-test-secret-shutdown-test-secret",
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SERVE_WEB: "false",
    JOB_WORKER: "off",
    LOG_LEVEL: "warn",
    SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
  });
  await waitUntilReady(server, 90_000);
  return { server, base, port, dataDir };
}

/** Starts a multipart upload of the clip and sends its first half; `finish` sends the rest. */
function halfUpload(port: number, base: string, cookie: string) {
  const boundary = "----mindprintshutdown";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="r.webm"\r\nContent-Type: audio/webm\r\n\r\n`);
  const body = Buffer.concat([head, clip, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: "localhost",
    port,
    method: "POST",
    path: "/api/voice/sessions",
    headers: { cookie, origin: base, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": body.length },
  });
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    request.on("response", (response) => {
      let text = "";
      response.on("data", (c) => (text += c));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on("error", (error) => resolve({ error: error.message }));
    });
    request.on("error", (error) => resolve({ error: error.message }));
  });
  request.write(body.subarray(0, half));
  return { answer, finish: () => request.end(body.subarray(half)) };
}

/** Waits until the server is streaming the upload into its storage (it has read the request's headers and a part). */
async function uploadUnderWay(dataDir: string) {
  const tmp = path.join(dataDir, "storage", "tmp");
  for (let i = 0; i < 200; i++) {
    if (fs.existsSync(tmp) && fs.readdirSync(tmp).some((f) => f.endsWith(".part"))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the upload never reached the storage");
}

async function saw(server: SpawnedServer, line: string) {
  for (let i = 0; i < 200 && !server.output().includes(line); i++) await new Promise((r) => setTimeout(r, 50));
  expect(server.output()).toContain(line);
}

const rows = async (email: string) =>
  (await t.owner.query(`SELECT count(*)::int AS n FROM voice_sessions s JOIN "user" u ON u.id = s.user_id WHERE u.email = $1`, [email])).rows[0].n as number;

describe("graceful shutdown", () => {
  it("an upload in flight when SIGTERM arrives finishes and is stored; then the process exits", async () => {
    const { server, base, port, dataDir } = await start(20);
    const cookie = await signInThroughDevMailbox(base, "shutdown.finish@example.com");
    const upload = halfUpload(port, base, cookie);
    await uploadUnderWay(dataDir);
    server.child.kill("SIGTERM");
    await saw(server, "SIGTERM received");
    // Still open to the request in flight; new connections are refused meanwhile.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    upload.finish();
    const answer = await upload.answer;
    expect(answer).toMatchObject({ status: 201 });
    expect(await server.exited).toBe(0);
    expect(await rows("shutdown.finish@example.com")).toBe(1);
  }, 120_000);

  it("one that is still open when the grace period ends is closed, stores nothing, and the process exits", async () => {
    const { server, base, port, dataDir } = await start(2);
    const cookie = await signInThroughDevMailbox(base, "shutdown.stalled@example.com");
    const upload = halfUpload(port, base, cookie);
    await uploadUnderWay(dataDir);
    const stopped = Date.now();
    server.child.kill("SIGTERM");
    const code = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(15_000);
    expect(await upload.answer).toHaveProperty("error");
    expect(await rows("shutdown.stalled@example.com")).toBe(0);
    const stored = fs.readdirSync(path.join(dataDir, "storage"), { recursive: true }).filter((f) => String(f).endsWith(".webm"));
    expect(stored).toEqual([]);
  }, 120_000);
});
