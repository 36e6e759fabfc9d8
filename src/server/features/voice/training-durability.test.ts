import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "../../create-context";
import { prepareAppLogin } from "../../db/app-login";
import { openDatabase } from "../../db/client";
import { openQueueDatabase } from "../../db/queue-database";
import { jobHandlers } from "../../job-handlers";
import { createJobWorker } from "../../platform/jobs/job-worker";
import { createTestApp, get, newUser, send, type TestApp } from "../../test/harness";

import { recordConsent, recordSessions } from "./test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new person who has recorded their voice consent, as training and speech require. */
async function consentingUser(email: string) {
  const person = await newUser(t, email);
  await recordConsent(t, person.cookie);
  return person;
}

const waitFor = async (check: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
};

describe("voice training survives a restart", () => {
  it("a job queued by one process, and one left running by a process that died, are finished by the next process's worker", async () => {
    const { cookie } = await consentingUser("durable@example.com");
    await recordSessions(t, cookie, 14);
    // Two clones submitted by this "process", whose worker never runs (as if it stopped right after answering).
    const queued = (await send(t, "POST", "/api/voice/profiles", { name: "Queued at shutdown" }, cookie)).json().profile;
    // The second one was mid-training when its process was killed: claimed, leased, never finished.
    await t.owner.query(`UPDATE jobs SET status = 'running', attempts = 1, locked_at = now(), locked_by = 'killed-process' WHERE payload->>'profileId' = $1`, [queued.id]);
    await recordSessions(t, cookie, 14); // a submission takes every eligible session, so the second clone needs its own
    const second = (await send(t, "POST", "/api/voice/profiles", { name: "Queued later" }, cookie)).json().profile;
    expect(queued.status).toBe("training");
    expect(second.status).toBe("training");

    // The next process: a new pool and context on the same database, with the worker polling as `npm start` runs it.
    const database = openDatabase(await prepareAppLogin(t.databaseUrl), { max: 2 });
    const ctx = createAppContext(t.ctx.config, database.db, "external", { mailer: t.ctx.mailer, storage: t.ctx.storage });
    // Its queue steps act as the workers' role, as every worker's do (migration 0055).
    const queue = await openQueueDatabase(t.databaseUrl, { max: 1 });
    const worker = createJobWorker(queue.db, jobHandlers(ctx), { pollMs: 100 });
    try {
      const status = async (id: string) => (await get(t, `/api/voice/profiles/${id}`, cookie)).json().profile.status as string;
      expect(await waitFor(async () => (await status(second.id)) === "ready", 60_000)).toBe(true);
      // The killed process's job waits for its lease; once the lease has run out it is claimed again and finished.
      expect(await status(queued.id)).toBe("training");
      await t.owner.query(`UPDATE jobs SET locked_at = now() - interval '11 minutes' WHERE payload->>'profileId' = $1`, [queued.id]);
      expect(await waitFor(async () => (await status(queued.id)) === "ready", 60_000)).toBe(true);
      // The worker marks a job done just after its work committed the clone as ready: wait for that second write too.
      const jobsOf = () => t.owner.query(`SELECT status, attempts FROM jobs WHERE payload->>'profileId' = ANY($1) ORDER BY attempts`, [[queued.id, second.id]]);
      expect(await waitFor(async () => (await jobsOf()).rows.every((j) => j.status === "done"), 10_000)).toBe(true);
      const jobs = await jobsOf();
      expect(jobs.rows).toEqual([
        { status: "done", attempts: 1 },
        { status: "done", attempts: 2 },
      ]);
    } finally {
      await worker.stop();
      await database.close();
      await queue.close();
    }
  }, 150_000);
});
