import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareServerEnv } from "../../test/server-env";
import { spawnServer, waitUntilReady, type SpawnedServer } from "../../test/spawn-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** Runs `scripts/admin.ts` the way `npm run admin -- …` does, and collects its exit code and output. */
function runAdmin(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], { cwd: root, env: { ...inherited, ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

// The admin command shares the embedded database with a running server, and runs it itself when no server does.
describe("the admin command as its own process", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let base: string;
  let server: SpawnedServer | null = null;

  beforeAll(async () => {
    ({ dataDir, base, env } = await prepareServerEnv("admin", { SERVE_WEB: "false" }));
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const joinWaitlist = (email: string) =>
    fetch(`${base}/api/waitlist`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ email }) });

  it("lists and invites while the server runs, then works alone once it stopped", { timeout: 180_000 }, async () => {
    server = spawnServer(env);
    await waitUntilReady(server);
    expect((await joinWaitlist("first@example.com")).status).toBe(202);
    expect((await joinWaitlist("second@example.com")).status).toBe(202);

    const list = await runAdmin(env, "waitlist");
    expect(list.code, list.stderr).toBe(0);
    expect(list.stderr, `server output:\n${server.output()}`).toContain("the embedded PostgreSQL of the running Mindprint server");
    expect(list.stdout).toContain("Waitlist: 2 waiting, 0 unsubscribed.");
    expect(list.stdout).toMatch(/1\s+first@example\.com\s+0\s+yes\s+—/);

    const invite = await runAdmin(env, "invite", "first@example.com");
    expect(invite.code).toBe(0);
    expect(invite.stdout).toContain("Invited first@example.com (#1): invitation e-mail sent.");
    expect(invite.stdout).toContain("dev mailbox");
    // The invitation went to the same dev mailbox the running server shows.
    expect(await (await fetch(`${base}/dev/mailbox`)).text()).toContain("You&#39;re invited to the Mindprint private beta");

    const unknown = await runAdmin(env, "invite", "ghost@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain("No waitlist entry for ghost@example.com.");

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const alone = await runAdmin(env, "waitlist");
    expect(alone.code).toBe(0);
    expect(alone.stderr).toContain("started for this command");
    expect(alone.stdout).toMatch(/1\s+first@example\.com\s+0\s+yes\s+\d{4}-\d{2}-\d{2}/);
    // It gave everything back: no lock, no PostgreSQL left running.
    expect(fs.existsSync(path.join(dataDir, "mindprint.lock"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  });
});
