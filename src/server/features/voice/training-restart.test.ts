import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isProcessAlive } from "../../platform/process-lock";
import { signInThroughDevMailbox } from "../../test/dev-mailbox-sign-in";
import { prepareServerEnv } from "../../test/server-env";
import { spawnServer, waitUntilReady, type SpawnedServer } from "../../test/spawn-server";
import { speechFixture } from "./test-helpers";

// The real thing: `npm start`'s process is stopped while a clone waits to be trained, and the next start trains it.
describe("voice training across a server restart", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let base: string;
  const running: SpawnedServer[] = [];

  beforeAll(async () => {
    ({ dataDir, base, env } = await prepareServerEnv("training-restart", { SERVE_WEB: "false", JOB_POLL_MS: "200" }));
  });

  afterAll(async () => {
    for (const server of running) server.child.kill("SIGTERM");
    await Promise.all(running.map((s) => s.exited));
    const pidFile = path.join(dataDir, "pg", "postmaster.pid");
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
      if (isProcessAlive(pid)) process.kill(pid, "SIGINT");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (extra: Record<string, string> = {}) => {
    const server = spawnServer({ ...env, ...extra });
    running.push(server);
    await waitUntilReady(server);
    return server;
  };

  it("a clone submitted before the stop is trained to ready by the next start's worker", { timeout: 180_000 }, async () => {
    // The first process takes submissions but runs no jobs, as if it stopped the moment it had answered.
    const first = await start({ JOB_WORKER: "off" });
    const cookie = await signInThroughDevMailbox(base, "restart.voice@example.com");
    for (let i = 0; i < 14; i++) {
      const form = new FormData();
      form.append("audio", new Blob([new Uint8Array(speechFixture)], { type: "audio/webm" }), "recording.webm");
      const uploaded = await fetch(`${base}/api/voice/sessions`, { method: "POST", headers: { origin: base, cookie }, body: form });
      expect(uploaded.status).toBe(201);
    }
    const created = await fetch(`${base}/api/voice/profiles`, {
      method: "POST",
      headers: { origin: base, cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Survives restarts" }),
    });
    expect(created.status).toBe(201);
    const { profile } = (await created.json()) as { profile: { id: string; status: string } };
    expect(profile.status).toBe("training");
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    await start();
    const statusNow = async () => ((await (await fetch(`${base}/api/voice/profiles/${profile.id}`, { headers: { cookie } })).json()) as { profile: { status: string; voiceId: string | null } }).profile;
    const deadline = Date.now() + 90_000;
    let current = await statusNow();
    while (current.status === "training" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      current = await statusNow();
    }
    expect(current.status).toBe("ready");
    expect(current.voiceId).toMatch(/^local_/);
  });
});
