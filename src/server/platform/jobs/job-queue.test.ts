import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { backoffSeconds, claimJob, enqueueJob } from "./job-queue";
import { createJobWorker, type JobHandler } from "./job-worker";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

class Flaky extends Error {}

/** A handler that records what it was asked to do and fails as scripted. */
function recordingHandler(kind: string, script: Array<"ok" | "retryable" | "fatal">) {
  const runs: string[] = [];
  const gaveUp: string[] = [];
  const handler: JobHandler = {
    kind,
    async run(payload) {
      runs.push(String(payload.n));
      const step = script.shift() ?? "ok";
      if (step === "retryable") throw new Flaky("busy, try later");
      if (step === "fatal") throw new Error("refused for good");
    },
    isRetryable: (error) => error instanceof Flaky,
    describeError: (error) => (error instanceof Error ? error.message : String(error)),
    async onGiveUp(payload, message) {
      gaveUp.push(`${String(payload.n)}: ${message}`);
    },
  };
  return { handler, runs, gaveUp };
}

const jobRow = async (id: string) => (await t.owner.query(`SELECT status, attempts, last_error, run_after > now() AS later, finished_at FROM jobs WHERE id = $1`, [id])).rows[0];

describe("the job queue", () => {
  it("runs a queued job once and marks it done", async () => {
    const { handler, runs } = recordingHandler("test.once", ["ok"]);
    const id = await enqueueJob(t.ctx.db, "test.once", { n: 1 });
    const worker = createJobWorker(t.ctx.db, [handler]);
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    expect(runs).toEqual(["1"]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1, last_error: null });
  });

  it("never hands the same job to two workers (FOR UPDATE SKIP LOCKED)", async () => {
    const ids = await Promise.all([1, 2, 3, 4].map((n) => enqueueJob(t.ctx.db, "test.share", { n })));
    const claims = await Promise.all([1, 2, 3, 4, 5, 6].map((w) => claimJob(t.ctx.db, `worker-${w}`, ["test.share"])));
    const claimed = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(new Set(claimed).size).toBe(4);
  });

  it("retries a retryable failure after a backoff, and then succeeds", async () => {
    const { handler, runs, gaveUp } = recordingHandler("test.retry", ["retryable", "ok"]);
    const id = await enqueueJob(t.ctx.db, "test.retry", { n: 7 });
    const worker = createJobWorker(t.ctx.db, [handler]);
    expect(await worker.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 1, last_error: "busy, try later", later: true });
    expect(await worker.drain()).toBe(0); // not due yet
    await t.owner.query(`UPDATE jobs SET run_after = now() WHERE id = $1`, [id]);
    expect(await worker.drain()).toBe(1);
    await worker.stop();
    expect(runs).toEqual(["7", "7"]);
    expect(gaveUp).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
    expect([1, 2, 3, 4, 10].map(backoffSeconds)).toEqual([5, 20, 80, 320, 1800]);
  });

  it("gives up at once on a failure that is not worth retrying, and after the last attempt otherwise", async () => {
    const fatal = recordingHandler("test.fatal", ["fatal"]);
    const fatalId = await enqueueJob(t.ctx.db, "test.fatal", { n: 1 });
    const worker = createJobWorker(t.ctx.db, [fatal.handler]);
    await worker.drain();
    await worker.stop();
    expect(await jobRow(fatalId)).toMatchObject({ status: "failed", attempts: 1, last_error: "refused for good" });
    expect(fatal.gaveUp).toEqual(["1: refused for good"]);

    const flaky = recordingHandler("test.exhaust", ["retryable", "retryable"]);
    const flakyId = await enqueueJob(t.ctx.db, "test.exhaust", { n: 2 }, { maxAttempts: 2 });
    const second = createJobWorker(t.ctx.db, [flaky.handler]);
    await second.drain();
    await t.owner.query(`UPDATE jobs SET run_after = now() WHERE id = $1`, [flakyId]);
    await second.drain();
    await second.stop();
    expect(await jobRow(flakyId)).toMatchObject({ status: "failed", attempts: 2 });
    expect(flaky.gaveUp).toEqual(["2: busy, try later"]);
  });

  it("claims again a job whose worker died mid-run once its lease has run out", async () => {
    const id = await enqueueJob(t.ctx.db, "test.lease", { n: 3 });
    const dead = await claimJob(t.ctx.db, "worker-that-died", ["test.lease"]);
    expect(dead?.id).toBe(id);
    const { handler, runs } = recordingHandler("test.lease", ["ok"]);
    const worker = createJobWorker(t.ctx.db, [handler]);
    expect(await worker.drain()).toBe(0); // still leased to the dead worker
    await t.owner.query(`UPDATE jobs SET locked_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
    expect(await worker.drain()).toBe(1);
    await worker.stop();
    expect(runs).toEqual(["3"]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
  });
});
