import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { consumeRateLimit } from "./rate-limit";
import { ensureRateLimitSweepQueued, RATE_LIMIT_SWEEP_JOB } from "./rate-limit-sweep";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keys = async () => (await t.owner.query<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'sweep:%' ORDER BY key`)).rows.map((r) => r.key);
const queuedSweeps = () =>
  t.owner.query<{ run_after: Date }>(`SELECT run_after FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')`, [RATE_LIMIT_SWEEP_JOB]).then((r) => r.rows);

describe("the hourly sweep of rate-limit counters", () => {
  it("each counter keeps the window it was counted in", async () => {
    await consumeRateLimit(t.ctx.db, { key: "sweep:minute", limit: 5, windowSeconds: 60, message: "" });
    await consumeRateLimit(t.ctx.db, { key: "sweep:hour", limit: 5, windowSeconds: 3600, message: "" });
    const rows = await t.owner.query(`SELECT key, window_seconds FROM rate_limits WHERE key LIKE 'sweep:%' ORDER BY key`);
    expect(rows.rows).toEqual([
      { key: "sweep:hour", window_seconds: 3600 },
      { key: "sweep:minute", window_seconds: 60 },
    ]);
  });

  it("removes the counters whose window has ended, keeps the live ones, and queues the next sweep an hour later", async () => {
    // Two minutes on, the one-minute window has ended; the hour's has not. A day-old hour window has ended too.
    await t.owner.query(`UPDATE rate_limits SET window_start = now() - interval '2 minutes' WHERE key LIKE 'sweep:%'`);
    await t.owner.query(`INSERT INTO rate_limits (key, window_start, count, window_seconds) VALUES ('sweep:yesterday', now() - interval '1 day', 3, 3600)`);
    expect(await keys()).toEqual(["sweep:hour", "sweep:minute", "sweep:yesterday"]);

    await ensureRateLimitSweepQueued(t.ctx.db);
    await ensureRateLimitSweepQueued(t.ctx.db); // one chain, however often start-up asks
    expect(await queuedSweeps()).toHaveLength(1);
    expect(await t.drainJobs()).toBeGreaterThanOrEqual(1);

    expect(await keys()).toEqual(["sweep:hour"]);
    const next = await queuedSweeps();
    expect(next).toHaveLength(1);
    expect(next[0]!.run_after.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it("a live counter still limits after a sweep, and a swept one starts afresh", async () => {
    const rule = { key: "sweep:hour", limit: 2, windowSeconds: 3600, message: "slow down" };
    await consumeRateLimit(t.ctx.db, rule); // the second hit of this window
    await expect(consumeRateLimit(t.ctx.db, rule)).rejects.toMatchObject({ code: "rate_limited" });
    await consumeRateLimit(t.ctx.db, { key: "sweep:minute", limit: 1, windowSeconds: 60, message: "" });
    expect((await t.owner.query(`SELECT count FROM rate_limits WHERE key = 'sweep:minute'`)).rows[0].count).toBe(1);
  });
});
