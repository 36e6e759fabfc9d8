import { describe, expect, it } from "vitest";
import { restartableServer } from "../../test/restartable-server";
import { signInThroughDevMailbox } from "../../test/dev-mailbox-sign-in";
import { consentFixture, speechFixture } from "./test-helpers";

// The real thing: `npm start`'s process is stopped while a clone waits to be trained, and the next start trains it.
describe("voice training across a server restart", () => {
  const servers = restartableServer("training-restart", { SERVE_WEB: "false", JOB_POLL_MS: "200" });
  const start = servers.start;
  const base = () => servers.state.base;

  it("a clone submitted before the stop is trained to ready by the next start's worker", { timeout: 180_000 }, async () => {
    // The first process takes submissions but runs no jobs, as if it stopped the moment it had answered.
    const first = await start({ JOB_WORKER: "off" });
    const cookie = await signInThroughDevMailbox(base(), "restart.voice@example.com");
    const consent = new FormData();
    consent.append("scope", "only-me");
    consent.append("day", new Date().toISOString().slice(0, 10));
    consent.append("audio", new Blob([new Uint8Array(consentFixture)], { type: "audio/webm" }), "consent.webm");
    expect((await fetch(`${base()}/api/voice/consent`, { method: "POST", headers: { origin: base(), cookie }, body: consent })).status).toBe(201);
    for (let i = 0; i < 14; i++) {
      const form = new FormData();
      form.append("audio", new Blob([new Uint8Array(speechFixture)], { type: "audio/webm" }), "recording.webm");
      const uploaded = await fetch(`${base()}/api/voice/sessions`, { method: "POST", headers: { origin: base(), cookie }, body: form });
      expect(uploaded.status).toBe(201);
    }
    const created = await fetch(`${base()}/api/voice/profiles`, {
      method: "POST",
      headers: { origin: base(), cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Survives restarts" }),
    });
    expect(created.status).toBe(201);
    const { profile } = (await created.json()) as { profile: { id: string; status: string } };
    expect(profile.status).toBe("training");
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    await start();
    const statusNow = async () => ((await (await fetch(`${base()}/api/voice/profiles/${profile.id}`, { headers: { cookie } })).json()) as { profile: { status: string; voiceId: string | null } }).profile;
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
