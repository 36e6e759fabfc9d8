// The job queue at scale (issue 40): claims per second with 1,000 and with 100,000 jobs queued, the same owners and
// kinds, on one worker connection acting as the workers' role. Each claim is followed by its completion, as a worker's
// would be. The baseline is the 1,000-job queue measured in this run; the budget is ≥ 0.5 of it at 100,000, whether
// the jobs belong to 50 owners or to 1,000 (issue 57: a claim's cost must follow neither).
import { performance } from "node:perf_hooks";
import pg from "pg";
import { openQueueDatabase } from "../src/server/db/queue-database";
import { claimJob, completeJob } from "../src/server/platform/jobs/job-queue";
import { freshDatabase } from "../scripts/twin-eval/database";

const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 400);
const ROUNDS = 3;
const database = await freshDatabase();
const owner = new pg.Client({ connectionString: database.url });
await owner.connect();
const queue = await openQueueDatabase(database.url, { max: 1 });

/** Fills the queue with `queued` due jobs spread over `owners` people, as a backlog would be. */
async function fill(queued: number, owners: number): Promise<void> {
  await owner.query("TRUNCATE jobs, job_turns");
  await owner.query(
    `INSERT INTO jobs (kind, payload, run_after, created_at)
     SELECT 'bench.claim', jsonb_build_object('userId', 'owner-' || (g % $2), 'n', g), now() - interval '1 hour' + g * interval '1 ms', now()
     FROM generate_series(1, $1) AS g`,
    [queued, owners],
  );
  await owner.query("ANALYZE jobs");
}

/** Claims and completes CLAIMS jobs one after another; answers claims per second (the median of ROUNDS rounds). */
async function claimsPerSecond(queued: number, owners: number): Promise<number> {
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await fill(queued, owners);
    for (let i = 0; i < 20; i++) await completeJob(queue.db, (await claimJob(queue.db, "bench", ["bench.claim"]))!, "bench");
    const started = performance.now();
    for (let i = 0; i < CLAIMS; i++) {
      const job = await claimJob(queue.db, "bench", ["bench.claim"]);
      if (!job) throw new Error(`the queue ran dry after ${i} claims`);
      await completeJob(queue.db, job, "bench");
    }
    rates.push(CLAIMS / ((performance.now() - started) / 1000));
  }
  return rates.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

const fmt = (n: number) => n.toFixed(0).padStart(6);
try {
  const small = await claimsPerSecond(1_000, 50);
  const large = await claimsPerSecond(100_000, 50);
  const manyOwners = await claimsPerSecond(100_000, 1_000);
  console.log(`Job queue claims (${CLAIMS} claims + completions a round, median of ${ROUNDS}, one worker connection):`);
  console.log(`  baseline: 1,000 queued, 50 owners        ${fmt(small)} claims/s`);
  console.log(`  100,000 queued, 50 owners                ${fmt(large)} claims/s   ratio ${(large / small).toFixed(2)}`);
  console.log(`  100,000 queued, 1,000 owners             ${fmt(manyOwners)} claims/s   ratio ${(manyOwners / small).toFixed(2)}`);
  console.log("Budget (issues 40 and 57):");
  console.log(`  ${large / small >= 0.5 ? "PASS" : "FAIL"}  claims per second at 100,000 queued over 50 owners ≥ 0.5 of that at 1,000: ${(large / small).toFixed(2)}`);
  console.log(`  ${manyOwners / small >= 0.5 ? "PASS" : "FAIL"}  claims per second at 100,000 queued over 1,000 owners ≥ 0.5 of that at 1,000: ${(manyOwners / small).toFixed(2)}`);
} finally {
  await queue.close();
  await owner.end();
  await database.dispose();
}
