import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isProcessAlive } from "./platform/process-lock";
import { signInThroughDevMailbox } from "./test/dev-mailbox-sign-in";
import { findFreePort } from "./test/free-port";
import { prepareServerEnv } from "./test/server-env";
import { spawnServer, waitUntilReady, type SpawnedServer } from "./test/spawn-server";

// The embedded database must survive the app being killed hard, and must never have two owners.
describe("start-up on an embedded data directory", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let base: string;
  const running: SpawnedServer[] = [];

  beforeAll(async () => {
    ({ dataDir, base, env } = await prepareServerEnv("restart", { SERVE_WEB: "false" }));
  });

  afterAll(async () => {
    for (const server of running) server.child.kill("SIGTERM");
    await Promise.all(running.map((s) => s.exited));
    const pidFile = path.join(dataDir, "pg", "postmaster.pid");
    if (fs.existsSync(pidFile)) process.kill(Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]), "SIGINT");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = spawnServer(env);
    running.push(server);
    await waitUntilReady(server);
    return server;
  };
  const post = (url: string, body: unknown, cookie = "") =>
    fetch(`${base}${url}`, { method: "POST", headers: { origin: base, "content-type": "application/json", cookie }, body: JSON.stringify(body) });

  it("keeps every record after SIGKILL, recovers the leftover cluster and refuses a second owner", { timeout: 180_000 }, async () => {
    const first = await start();
    const cookie = await signInThroughDevMailbox(base, "survivor@example.com");
    expect((await post("/api/profile/onboarding-complete", {}, cookie)).status).toBe(200);

    // A second process on the same data directory is refused with a clear message.
    const second = spawnServer({ ...env, PORT: String(await findFreePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Another Mindprint process (pid ${first.child.pid}) is already using the data directory`);

    first.child.kill("SIGKILL");
    await first.exited;
    const pid = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    expect(isProcessAlive(pid)).toBe(true); // the embedded PostgreSQL outlived its parent

    const restarted = await start();
    expect(restarted.output()).toContain("still running from an earlier run");
    const profile = await fetch(`${base}/api/profile`, { headers: { cookie } });
    expect(profile.status).toBe(200);
    expect((await profile.json()).profile.onboardingComplete).toBe(true);

    // Both killed hard: the postmaster.pid left behind names a dead process.
    restarted.child.kill("SIGKILL");
    await restarted.exited;
    const orphan = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(orphan, "SIGKILL");
    while (isProcessAlive(orphan)) await new Promise((r) => setTimeout(r, 50));

    const recovered = await start();
    expect(recovered.output()).toContain("stale postmaster.pid");
    const again = await fetch(`${base}/api/profile`, { headers: { cookie } });
    expect((await again.json()).profile.onboardingComplete).toBe(true);

    recovered.child.kill("SIGTERM");
    expect(await recovered.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "mindprint.lock"))).toBe(false);
  });
});
