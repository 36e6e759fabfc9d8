import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThroughDevMailbox } from "./test/dev-mailbox-sign-in";
import { startFakeS3, type FakeS3 } from "./test/fake-s3";
import { findFreePort } from "./test/free-port";
import { createTestApp, type TestApp } from "./test/harness";
import { spawnServer, waitUntilReady, type SpawnedServer } from "./test/spawn-server";

// Past one machine (issue 20): two app processes that run no jobs, separate job workers, one PostgreSQL (the CI's
// external one when DATABASE_URL is set, else the embedded cluster the tests share) and one S3 API server. Every
// request below goes to a real process over HTTP, and one person moves between the two processes freely.
const fixtures = path.join(import.meta.dirname, "platform/audio/fixtures");
const clip = fs.readFileSync(path.join(fixtures, "spoken-4.5s.webm"));
const consent = fs.readFileSync(path.join(fixtures, "spoken-10.5s.webm"));
const WORKER_READY = "Mindprint job worker polling";

let t: TestApp;
let s3: FakeS3;
let a: { base: string; server: SpawnedServer };
let b: { base: string; server: SpawnedServer };
const workers: SpawnedServer[] = [];
let common: Record<string, string>;

async function startApp(publicUrl: string, port: number) {
  const server = spawnServer({ ...common, PORT: String(port), PUBLIC_URL: publicUrl, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-mp-")) });
  await waitUntilReady(server, 90_000);
  return { base: `http://localhost:${port}`, server };
}

async function startWorker(): Promise<SpawnedServer> {
  const worker = spawnServer({ ...common, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-mpw-")) }, "src/server/worker.ts");
  await waitUntilReady(worker, 90_000, WORKER_READY);
  workers.push(worker);
  return worker;
}

const stop = async (server: SpawnedServer, signal: NodeJS.Signals = "SIGTERM") => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
};

beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createTestApp(); // a fresh, migrated database of its own, and direct access to it for the checks
  const portA = await findFreePort();
  const publicUrl = `http://localhost:${portA}`;
  common = {
    NODE_ENV: "development",
    DATABASE_URL: t.databaseUrl,
    AUTH_SECRET: "multi-process-secret-multi-process-secret",
    SERVE_WEB: "false",
    LOG_LEVEL: "warn",
    JOB_WORKER: "off",
    JOB_POLL_MS: "200",
    SESSION_CACHE_SECONDS: "0",
    GENERATION_PER_MINUTE: "2",
    // The shared consent recording reads another day's statement; the check itself is tested in voice-consent-check.
    VOICE_CONSENT_CHECK: "off",
    ...s3.env,
  };
  a = await startApp(publicUrl, portA);
  // B answers on its own port; the browser-facing address (cookies, origin checks) is the load balancer's, shared.
  b = await startApp(publicUrl, await findFreePort());
}, 240_000);

afterAll(async () => {
  for (const server of [a?.server, b?.server, ...workers]) if (server) await stop(server);
  await t?.close();
  await s3?.close();
});

function request(base: string, cookie: string, method: string, url: string, body?: unknown) {
  return fetch(`${base}${url}`, {
    method,
    headers: { cookie, origin: a.base, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function upload(base: string, cookie: string, url: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("audio", new Blob([new Uint8Array(bytes)], { type: "audio/webm" }), "recording.webm");
  return fetch(`${base}${url}`, { method: "POST", headers: { cookie, origin: a.base }, body: form });
}

async function until(what: string, check: () => Promise<boolean>, ms = 90_000, everyMs = 250) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what} did not happen within ${ms / 1000} s`);
}

describe("two app processes, separate workers, one database and one bucket", () => {
  it("one person signs in on A and goes on on B; a recording uploaded on A plays on B; a rate limit reached on A holds on B", async () => {
    const cookie = await signInThroughDevMailbox(a.base, "two.processes@example.com");
    const onB = await (await request(b.base, cookie, "GET", "/api/session")).json();
    expect(onB.user.email).toBe("two.processes@example.com");

    const sent = await upload(a.base, cookie, "/api/voice/sessions", clip);
    expect(sent.status).toBe(201);
    const { session } = await sent.json();
    const played = await fetch(`${b.base}/api/voice/sessions/${session.id}/audio`, { headers: { cookie, range: "bytes=0-99" } });
    expect(played.status).toBe(206);
    expect(Buffer.from(await played.arrayBuffer()).equals(clip.subarray(0, 100))).toBe(true);

    // Two answers a minute (GENERATION_PER_MINUTE=2): both taken on A, the third is refused on B.
    for (let i = 0; i < 2; i++) expect((await request(a.base, cookie, "POST", "/api/twin/chat", { text: "What did you do last summer?" })).status).toBe(200);
    const third = await request(b.base, cookie, "POST", "/api/twin/chat", { text: "And the summer before?" });
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
  }, 120_000);

  it("a clone submitted on B is trained by a worker process; with two workers every job runs exactly once", async () => {
    const cookie = await signInThroughDevMailbox(a.base, "trained.elsewhere@example.com");
    expect((await upload(a.base, cookie, "/api/voice/consent", consent, { scope: "only-me", day: new Date().toISOString().slice(0, 10) })).status).toBe(201);
    for (let i = 0; i < 14; i++) expect((await upload(i % 2 ? a.base : b.base, cookie, "/api/voice/sessions", clip)).status).toBe(201);
    for (let i = 0; i < 12; i++) expect((await request(i % 2 ? a.base : b.base, cookie, "POST", "/api/memories", { content: `Memory number ${i} about the harbour and the boats.`, emotion: "Reflection" })).status).toBe(201);
    const created = await request(b.base, cookie, "POST", "/api/voice/profiles", { name: "Trained elsewhere" });
    expect(created.status).toBe(201);
    const { profile } = await created.json();

    await Promise.all([startWorker(), startWorker()]);
    const status = async () => (await (await request(a.base, cookie, "GET", `/api/voice/profiles/${profile.id}`)).json()).profile.status;
    await until("training", async () => (await status()) === "ready");
    // The training and the memories' embeddings (the legacy release check is a chain that always has a next run queued).
    const ownJobs = `SELECT kind, status, attempts FROM jobs WHERE kind IN ('voice.train', 'twin-embed')`;
    await until("every job done", async () => (await t.owner.query(ownJobs)).rows.every((j: { status: string }) => j.status === "done"));
    const jobs = (await t.owner.query(ownJobs)).rows as Array<{ kind: string; status: string; attempts: number }>;
    expect(jobs.some((j) => j.kind === "voice.train")).toBe(true);
    expect(jobs.some((j) => j.kind === "twin-embed")).toBe(true);
    expect(jobs.filter((j) => j.attempts !== 1)).toEqual([]);
    const embedded = await t.owner.query(`SELECT count(DISTINCT memory_id)::int AS n FROM twin_embeddings WHERE memory_id IS NOT NULL`);
    expect(embedded.rows[0].n).toBe(12);
    // The embeddings were written once each: no memory has two.
    const doubled = await t.owner.query(`SELECT memory_id FROM twin_embeddings WHERE memory_id IS NOT NULL GROUP BY memory_id, model_id HAVING count(*) > 1`);
    expect(doubled.rows).toEqual([]);
  }, 240_000);

  it("a worker killed mid-job leaves it to another worker, which finishes it", async () => {
    for (const worker of workers.splice(0)) await stop(worker);
    const cookie = await signInThroughDevMailbox(a.base, "killed.worker@example.com");
    expect((await upload(a.base, cookie, "/api/voice/consent", consent, { scope: "only-me", day: new Date().toISOString().slice(0, 10) })).status).toBe(201);
    for (let i = 0; i < 14; i++) expect((await upload(b.base, cookie, "/api/voice/sessions", clip)).status).toBe(201);
    const { profile } = await (await request(a.base, cookie, "POST", "/api/voice/profiles", { name: "Survives a crash" })).json();
    const running = () => t.owner.query(`SELECT status, attempts FROM jobs WHERE payload->>'profileId' = $1`, [profile.id]);
    const first = await startWorker();
    await until("the job is claimed", async () => (await running()).rows[0]?.status === "running", 30_000, 25);
    await stop(first, "SIGKILL");
    workers.splice(workers.indexOf(first), 1);
    // Its lease would run out in 10 minutes; the test moves the clock of the lease instead of waiting.
    await t.owner.query(`UPDATE jobs SET locked_at = now() - interval '11 minutes' WHERE payload->>'profileId' = $1`, [profile.id]);
    await startWorker();
    const status = async () => (await (await request(b.base, cookie, "GET", `/api/voice/profiles/${profile.id}`)).json()).profile.status;
    await until("training after the crash", async () => (await status()) === "ready");
    // Claimed twice: once by the worker that was killed, once by the one that finished it.
    await until("the job is done", async () => (await running()).rows[0]?.status === "done", 10_000);
    expect((await running()).rows[0]).toEqual({ status: "done", attempts: 2 });
  }, 240_000);
});
