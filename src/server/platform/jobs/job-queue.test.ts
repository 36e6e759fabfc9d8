import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareWorkerLogin } from "../../db/app-login";
import { withUserScope } from "../../db/user-scope";
import { startJobProcess } from "./job-process";
import { createTestApp, type TestApp } from "../../test/harness";
import { backoffSeconds, claimJob, completeJob, enqueueJob, failJob, reapDeadJobs } from "./job-queue";
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
    const worker = createJobWorker(t.queueDb, [handler]);
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    expect(runs).toEqual(["1"]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1, last_error: null });
  });

  it("never hands the same job to two workers (FOR UPDATE SKIP LOCKED)", async () => {
    const ids = await Promise.all([1, 2, 3, 4].map((n) => enqueueJob(t.ctx.db, "test.share", { n })));
    const claims = await Promise.all([1, 2, 3, 4, 5, 6].map((w) => claimJob(t.queueDb, `worker-${w}`, ["test.share"])));
    const claimed = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(new Set(claimed).size).toBe(4);
  });

  it("is worked only by the workers' role: a web request's role can queue a job but not claim, settle or renew one", async () => {
    const id = await enqueueJob(t.ctx.db, "test.roles", { n: 1 });
    const calls = [
      sql`SELECT * FROM job_claim('web', ARRAY['test.roles'])`,
      sql`SELECT job_complete(${id}::uuid, 'web')`,
      sql`SELECT job_fail(${id}::uuid, 'web', 'x', NULL)`,
      sql`SELECT job_extend_lease(${id}::uuid, 'web')`,
      sql`SELECT * FROM job_reap(ARRAY['test.roles'], 'x')`,
      sql`SELECT * FROM job_release_held('web', 'x')`,
    ];
    for (const call of calls) {
      const answer = await t.ctx.db.execute(call).then(
        () => "ran",
        (error: { message: string; cause?: { message?: string } }) => error.cause?.message ?? error.message,
      );
      expect(answer).toMatch(/permission denied/);
    }
    expect((await claimJob(t.queueDb, "worker", ["test.roles"]))?.id).toBe(id);
  });

  it("claims by owner first: with many owners' backlogs each claim reads a few jobs per owner, oldest owner's turn first", async () => {
    // Three owners with backlogs of different sizes; the one never served comes first, then round-robin.
    for (const owner of ["owner-a", "owner-b", "owner-c"]) {
      for (let n = 0; n < (owner === "owner-a" ? 30 : 3); n++) await enqueueJob(t.ctx.db, "test.owners", { userId: owner, n });
    }
    const served: string[] = [];
    for (let i = 0; i < 6; i++) served.push(String(((await claimJob(t.queueDb, `w${i}`, ["test.owners"]))!.payload as { userId: string }).userId));
    // Every owner's oldest job before anyone's second: the first three claims are three different owners.
    expect(new Set(served.slice(0, 3)).size).toBe(3);
    expect(new Set(served.slice(3, 6)).size).toBe(3);
  });

  it("retries a retryable failure after a backoff, and then succeeds", async () => {
    const { handler, runs, gaveUp } = recordingHandler("test.retry", ["retryable", "ok"]);
    const id = await enqueueJob(t.ctx.db, "test.retry", { n: 7 });
    const worker = createJobWorker(t.queueDb, [handler]);
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
    const worker = createJobWorker(t.queueDb, [fatal.handler]);
    await worker.drain();
    await worker.stop();
    expect(await jobRow(fatalId)).toMatchObject({ status: "failed", attempts: 1, last_error: "refused for good" });
    expect(fatal.gaveUp).toEqual(["1: refused for good"]);

    const flaky = recordingHandler("test.exhaust", ["retryable", "retryable"]);
    const flakyId = await enqueueJob(t.ctx.db, "test.exhaust", { n: 2 }, { maxAttempts: 2 });
    const second = createJobWorker(t.queueDb, [flaky.handler]);
    await second.drain();
    await t.owner.query(`UPDATE jobs SET run_after = now() WHERE id = $1`, [flakyId]);
    await second.drain();
    await second.stop();
    expect(await jobRow(flakyId)).toMatchObject({ status: "failed", attempts: 2 });
    expect(flaky.gaveUp).toEqual(["2: busy, try later"]);
  });

  it("claims again a job whose worker died mid-run once its lease has run out", async () => {
    const id = await enqueueJob(t.ctx.db, "test.lease", { n: 3 });
    const dead = await claimJob(t.queueDb, "worker-that-died", ["test.lease"]);
    expect(dead?.id).toBe(id);
    const { handler, runs } = recordingHandler("test.lease", ["ok"]);
    const worker = createJobWorker(t.queueDb, [handler]);
    expect(await worker.drain()).toBe(0); // still leased to the dead worker
    await t.owner.query(`UPDATE jobs SET locked_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
    expect(await worker.drain()).toBe(1);
    await worker.stop();
    expect(runs).toEqual(["3"]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
  });
});

describe("jobs that give up (issue 31)", () => {
  it("counts a claim whose worker died, and past its attempts fails it for good, tells the person and logs it once", async () => {
    const id = await enqueueJob(t.ctx.db, "test.killer", { n: 9 }, { maxAttempts: 2 });
    const leaseRunsOut = () => t.owner.query(`UPDATE jobs SET locked_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
    // Two workers take it and die with it (nothing runs: the claim alone is the attempt).
    expect((await claimJob(t.queueDb, "killed-1", ["test.killer"]))?.id).toBe(id);
    await leaseRunsOut();
    expect((await claimJob(t.queueDb, "killed-2", ["test.killer"]))?.id).toBe(id);
    await leaseRunsOut();
    expect(await jobRow(id)).toMatchObject({ status: "running", attempts: 2 });
    // Out of attempts: never claimed again, even though its lease ran out.
    expect(await claimJob(t.queueDb, "fresh", ["test.killer"])).toBeNull();
    const { handler, runs, gaveUp } = recordingHandler("test.killer", []);
    handler.describeStop = () => "It kept stopping.";
    const lines: Array<{ message: string; fields: Record<string, unknown> }> = [];
    const worker = createJobWorker(t.queueDb, [handler], { log: (_level, fields, message) => lines.push({ message, fields }) });
    expect(await worker.drain()).toBe(0);
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    expect(runs).toEqual([]);
    expect(gaveUp).toEqual(["9: It kept stopping."]);
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: 2 });
    expect((await jobRow(id)).finished_at).not.toBeNull();
    expect(lines.filter((l) => l.message.startsWith("job failed for good") && l.fields.jobId === id)).toHaveLength(1);
  });
});

describe("a job that outlived its lease", () => {
  it("stays as it was settled: a late completion or failure by its first worker changes nothing and tells nobody", async () => {
    const id = await enqueueJob(t.ctx.db, "test.late", { n: 3 }, { maxAttempts: 1 });
    const job = (await claimJob(t.queueDb, "slow-worker", ["test.late"]))!;
    await t.owner.query(`UPDATE jobs SET locked_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
    expect((await reapDeadJobs(t.queueDb, ["test.late"])).map((j) => j.id)).toEqual([id]);
    expect(await completeJob(t.queueDb, job, "slow-worker")).toBe(false);
    expect(await failJob(t.queueDb, job, "slow-worker", "late failure", false)).toBe("lost");
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await jobRow(id)).last_error).not.toBe("late failure");
  });
});

describe("a fair queue (issue 31)", () => {
  it("takes one person's job next even behind another person's 3,000", async () => {
    const [a, b] = ["fair-a", "fair-b"];
    await t.owner.query(`INSERT INTO jobs (kind, payload, run_after) SELECT 'test.fair', jsonb_build_object('userId', $1::text, 'n', n), now() - interval '1 hour' + n * interval '1 ms' FROM generate_series(1, 3000) n`, [a]);
    const first = await claimJob(t.queueDb, "w", ["test.fair"]);
    expect((first?.payload as { userId: string }).userId).toBe(a);
    await enqueueJob(t.ctx.db, "test.fair", { userId: b, n: 1 });
    const second = await claimJob(t.queueDb, "w", ["test.fair"]);
    expect((second?.payload as { userId: string }).userId).toBe(b);
    // And then the backlog goes on, oldest first.
    const third = await claimJob(t.queueDb, "w", ["test.fair"]);
    expect(third?.payload).toMatchObject({ userId: a, n: 2 });
  });

  it("lets workers claiming at the same moment take one owner's jobs side by side", async () => {
    await t.owner.query(`INSERT INTO jobs (kind, payload) SELECT 'test.side', jsonb_build_object('userId', 'side-a', 'n', n) FROM generate_series(1, 3) n`);
    const claims = await Promise.all([1, 2, 3].map((w) => claimJob(t.queueDb, `side-${w}`, ["test.side"])));
    expect(new Set(claims.map((c) => c?.id)).size).toBe(3);
  });
});

describe("the job queue's row rule (issue 31, SECURITY.md 37)", () => {
  it("lets the app's role queue any job but read only its own person's, and change none", async () => {
    await enqueueJob(t.ctx.db, "test.rule", { userId: "rule-a" });
    await enqueueJob(t.ctx.db, "test.rule", { userId: "rule-b" });
    await enqueueJob(t.ctx.db, "test.rule", {});
    const visible = (userId: string | null) =>
      userId
        ? withUserScope(t.ctx.db, userId, (tx) => tx.execute<{ owner: string }>(sql`SELECT payload->>'userId' AS owner FROM jobs WHERE kind = 'test.rule'`))
        : t.ctx.db.execute<{ owner: string }>(sql`SELECT payload->>'userId' AS owner FROM jobs`);
    expect((await visible(null)).rows).toEqual([]);
    expect((await visible("rule-a")).rows).toEqual([{ owner: "rule-a" }]);
    const refusal = (query: Promise<unknown>) => query.then(() => "allowed", (error: { cause?: { code?: string } }) => error.cause?.code);
    expect(await refusal(t.ctx.db.execute(sql`UPDATE jobs SET status = 'done'`))).toBe("42501");
    expect(await refusal(t.ctx.db.execute(sql`DELETE FROM jobs`))).toBe("42501");
    expect(await refusal(t.ctx.db.execute(sql`SELECT * FROM job_turns`))).toBe("42501");
    // Only a fresh job can be queued: one that claims to be running would block its kind for good.
    expect(await refusal(t.ctx.db.execute(sql`INSERT INTO jobs (kind, payload, status, locked_at) VALUES ('test.rule', '{}', 'running', NULL)`))).toBe("42501");
    expect((await t.owner.query(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'test.rule'`)).rows[0].n).toBe(3);
  });
});

describe("heavy jobs in a memory-bounded process (issue 31)", () => {
  it("a job that exhausts its process's memory ends that process, not the server; it is counted, retried, then failed once", async () => {
    const id = await enqueueJob(t.ctx.db, "test.hog", { userId: "hog-owner" }, { maxAttempts: 2 });
    const gaveUp: string[] = [];
    const lines: string[] = [];
    const host: JobHandler = { kind: "test.hog", run: async () => {}, isRetryable: () => true, describeError: String, onGiveUp: async (_p, message) => void gaveUp.push(message), describeStop: () => "Too much to read." };
    // The "web server": it must keep answering while the thread dies, twice.
    const server = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const thread = startJobProcess({
      entry: new URL("../../test/memory-hog-process.ts", import.meta.url),
      data: { kinds: ["test.hog"], pollMs: 200, connectionString: await prepareWorkerLogin(t.databaseUrl) },
      memoryMb: 64,
      db: t.queueDb,
      handlers: [host],
      log: (_level, _fields, message) => lines.push(message),
    });
    let answered = 0;
    let failedRequests = 0;
    try {
      const deadline = Date.now() + 90_000;
      let retried = false;
      while (Date.now() < deadline && gaveUp.length === 0) {
        const ok = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
        if (ok) answered += 1;
        else failedRequests += 1;
        const row = await jobRow(id);
        // After the first death the job waits out its backoff; bring it forward once so the test need not wait.
        if (!retried && row.status === "queued" && row.attempts === 1) {
          retried = true;
          expect(row.last_error).toMatch(/ran out of the 64 MB/);
          await t.owner.query(`UPDATE jobs SET run_after = now() WHERE id = $1`, [id]);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(retried).toBe(true);
    } finally {
      await thread.stop();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(gaveUp).toEqual(["Too much to read."]);
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: 2 });
    expect(lines.filter((l) => l.startsWith("job failed for good"))).toHaveLength(1);
    expect(failedRequests).toBe(0);
    expect(answered).toBeGreaterThan(10);
  }, 120_000);
});
