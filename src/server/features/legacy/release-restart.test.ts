import { describe, expect, it } from "vitest";
import { restartableServer } from "../../test/restartable-server";
import pg from "pg";
import { signInThroughDevMailbox } from "../../test/dev-mailbox-sign-in";
import { runningCluster } from "../../test/running-cluster";

// The real thing: the release scheduler is a chain of durable jobs. A process that runs no jobs stops while a release
// is due; the next start's worker releases it, without anyone visiting a page.
describe("the release scheduler across a server restart", () => {
  const servers = restartableServer("release-restart", { SERVE_WEB: "false", JOB_POLL_MS: "200" });
  const start = servers.start;
  const base = () => servers.state.base;
  const call = (method: string, url: string, cookie: string, body?: unknown) =>
    fetch(`${base()}${url}`, { method, headers: { origin: base(), cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });

  it("a release whose waiting period ended while no worker ran is released by the next start", { timeout: 180_000 }, async () => {
    const first = await start({ JOB_WORKER: "off" });
    const owner = await signInThroughDevMailbox(base(), "restart.owner@example.com");
    expect((await call("POST", "/api/legacy/contacts", owner, { name: "Eve", email: "restart.executor@example.com", relationship: "friend", role: "executor" })).status).toBe(201);
    const invitation = (await (await fetch(`${base()}/dev/mailbox`)).text()).match(/legacy\/accept#token=([\w-]+)/)?.[1];
    expect(invitation).toBeDefined();
    const executor = await signInThroughDevMailbox(base(), "restart.executor@example.com");
    expect((await call("POST", "/api/legacy/invitations/accept", executor, { token: invitation })).status).toBe(200);
    const { namedBy } = (await (await call("GET", "/api/legacy/named-me", executor)).json()) as { namedBy: { contactId: string }[] };
    expect((await call("POST", `/api/legacy/named-me/${namedBy[0]!.contactId}/death-report`, executor, { note: "" })).status).toBe(200);
    expect((await call("POST", `/api/legacy/named-me/${namedBy[0]!.contactId}/confirm`, executor)).status).toBe(200);
    // The waiting period is over (as if days had passed while the process was down).
    const cluster = runningCluster(servers.state.dataDir);
    expect(cluster).not.toBeNull();
    const db = new pg.Client({ connectionString: cluster!.url });
    await db.connect();
    await db.query(`UPDATE legacy_releases SET veto_until = now() - interval '1 minute'`);
    await db.end();
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    await start();
    const stateNow = async () => ((await (await call("GET", "/api/legacy/release", owner)).json()) as { state: string }).state;
    const deadline = Date.now() + 60_000;
    let state = await stateNow();
    while (state === "pending" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      state = await stateNow();
    }
    expect(state).toBe("released");
  });
});
