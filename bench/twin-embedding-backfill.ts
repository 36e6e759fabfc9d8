// The embedding backfill after an upgrade (issue: "the server stays responsive while it runs"): 10,000 memories
// without vectors are embedded for real by the twin-embed job, in this process, while the event loop's delay is
// measured; the baseline is the same measurement over an idle loop in the same run. Prints the backfill's time, its
// throughput, the loop delay against the baseline, one question's time to first token during the backfill against
// the same question idle, and the budget (event-loop delay p99 < 50 ms).
import crypto from "node:crypto";
import pg from "pg";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { loadConfig } from "../src/server/config";
import { createAppContext } from "../src/server/create-context";
import { openDatabase } from "../src/server/db/client";
import { prepareAppLogin } from "../src/server/db/app-login";
import { openAuthDatabase } from "../src/server/db/auth-database";
import { startAnswer } from "../src/server/features/twin/answer";
import { queueStaleEmbeddings } from "../src/server/features/twin/embedding-job";
import { jobHandlers } from "../src/server/job-handlers";
import { createJobWorker } from "../src/server/platform/jobs/job-worker";
import { openQueueDatabase } from "../src/server/db/queue-database";
import { ensureProfile } from "../src/server/features/profile/service";
import { freshDatabase } from "../scripts/twin-eval/database";
import { insertFillerMemories } from "../scripts/twin-eval/run";

const COUNT = Number(process.env.BACKFILL_MEMORIES ?? 10_000);
const database = await freshDatabase();
const handle = openDatabase(await prepareAppLogin(database.url), { max: 4 });
const config = loadConfig({ ...process.env, NODE_ENV: "test", DATABASE_URL: database.url, DATA_DIR: database.dataDir, PUBLIC_URL: "http://localhost:3000", AUTH_SECRET: crypto.randomBytes(24).toString("hex"), LOG_LEVEL: "silent" });
const ctx = createAppContext(config, handle.db, "external", { mailer: { kind: "smtp", send: async () => {} } });
const userId = crypto.randomUUID();
// The user row as sign-in writes it: on the sign-in pool, the only one whose role may (decision 0024).
const signIn = await openAuthDatabase(database.url, { max: 1 });
await signIn.pool.query(`INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at) VALUES ($1, '', $2, true, now(), now())`, [userId, `bench-${userId}@example.invalid`]);
await signIn.close();
await ensureProfile(handle.db, userId);
const owner = await insertFillerMemories(database.url, userId, COUNT);
await owner.query("DELETE FROM jobs"); // the insert's trigger queued a job; start-up's backfill queues it again below
await owner.end();
await ctx.embedder.embed(["warm up the encoder"], "query");

async function firstToken(): Promise<number> {
  const started = performance.now();
  const { result } = await startAnswer(ctx, userId, "What did you talk about for weeks?");
  for await (const delta of result.textStream) if (delta.length > 0) return performance.now() - started;
  return performance.now() - started;
}

function measureLoop<T>(work: () => Promise<T>) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  return work().then((value) => {
    histogram.disable();
    return { value, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 };
  });
}

const idleTtft = await firstToken();
const idle = await measureLoop(() => new Promise((resolve) => setTimeout(resolve, 5000)));
await queueStaleEmbeddings(handle.db, ctx.embedder.modelId);
const queue = await openQueueDatabase(database.url);
const worker = createJobWorker(queue.db, jobHandlers(ctx));
const started = performance.now();
let duringTtft = 0;
const busy = await measureLoop(async () => {
  const drained = worker.drain();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  duringTtft = await firstToken();
  return drained;
});
const seconds = (performance.now() - started) / 1000;
const counter = new pg.Client({ connectionString: database.url });
await counter.connect();
const embedded = Number((await counter.query(`SELECT count(*)::int AS n FROM twin_embeddings WHERE user_id = $1`, [userId])).rows[0].n);
await counter.end();
await worker.stop();
await handle.close();
await queue.close();
await database.dispose();

console.log(`Twin embedding backfill, ${COUNT} memories, Node ${process.versions.node}:`);
console.log(`  embedded ${embedded} memories in ${seconds.toFixed(1)} s (${(embedded / seconds).toFixed(1)} memories/s)`);
console.log(`  event-loop delay p99: idle (baseline) ${idle.p99.toFixed(1)} ms, during backfill ${busy.p99.toFixed(1)} ms (ratio ${(busy.p99 / idle.p99).toFixed(2)}), max ${busy.max.toFixed(1)} ms`);
console.log(`  one question's time to first token: idle ${idleTtft.toFixed(1)} ms, during backfill ${duringTtft.toFixed(1)} ms (ratio ${(duringTtft / idleTtft).toFixed(2)})`);
const pass = busy.p99 < 50 && embedded === COUNT;
console.log(`  ${pass ? "PASS" : "FAIL"}  event-loop delay p99 < 50 ms while ${COUNT} memories are embedded: ${busy.p99.toFixed(1)} ms`);
process.exit(pass ? 0 : 1);
