// Biometric import budgets (issue 19): a 1 GiB Apple Health export read in ≤ 60 s with server RSS growth ≤ 150 MB,
// and the Biometric Intelligence page's API in ≤ 50 ms with five years of daily data.
// Writes a synthetic export.zip whose export.xml is 1 GiB (a heart rate every minute plus the daily records, with
// every defect of test/synthetic-apple-export.ts), starts the real server as its own process with its in-process job
// worker, signs in through the dev mailbox, uploads a 10-day export (the baseline) and then the large one as streamed
// multipart, and waits for each import to finish while sampling the server's resident memory every 20 ms. Then times
// GET /api/biometrics and the whole-range series against GET /api/health (the baseline) on the same server.
// Prints the figures, their ratios and PASS/FAIL; exits 1 only when the run broke.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { prepareServerEnv } from "../src/server/test/server-env";
import { spawnServer, waitUntilReady } from "../src/server/test/spawn-server";
import { appleExportXml, writeSyntheticAppleExport } from "../src/server/test/synthetic-apple-export";
import { withRssSampling } from "./fixtures/rss";
import { signIn, stop } from "./fixtures/vault-setup";

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const TARGET_XML = Number(process.env.BIOMETRIC_XML_BYTES ?? GiB);
const TIME_BUDGET_S = 60;
const RSS_BUDGET_MB = 150;
const API_BUDGET_MS = 50;
const DAY_MS = 86_400_000;

/** The XML bytes one day of the generator writes at one heart rate a minute. */
function bytesPerDay(): number {
  let total = 0;
  for (const piece of appleExportXml({ days: 2, minutesPerReading: 1 })) total += Buffer.byteLength(piece);
  let head = 0;
  for (const piece of appleExportXml({ days: 1, minutesPerReading: 1 })) head += Buffer.byteLength(piece);
  return total - head;
}

function upload(port: number, cookie: string, origin: string, file: string): Promise<{ status: number; body: string }> {
  const boundary = `----mindprintbench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: "POST", path: "/api/biometrics/imports", headers: { cookie, origin, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": head.length + size + tail.length } },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.write(head);
    const stream = fs.createReadStream(file);
    stream.pipe(request, { end: false });
    stream.on("end", () => request.end(tail));
    stream.on("error", reject);
  });
}

async function getJson(base: string, url: string, cookie: string): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

/** Uploads an export and waits for its import to end; answers the time from the first byte sent to done. */
async function importExport(base: string, port: number, cookie: string, file: string): Promise<{ seconds: number; kept: number; days: number }> {
  const started = performance.now();
  const sent = await upload(port, cookie, base, file);
  if (sent.status !== 202) throw new Error(`upload: the server answered ${sent.status} ${sent.body.slice(0, 300)}`);
  const id = JSON.parse(sent.body).import.id as string;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { body } = await getJson(base, `/api/biometrics/imports/${id}`, cookie);
    const item = (body as { import: { status: string; error: string | null; kept: number; days: number } }).import;
    if (item.status === "failed") throw new Error(`import failed: ${item.error}`);
    if (item.status === "done") return { seconds: (performance.now() - started) / 1000, kept: item.kept, days: item.days };
  }
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
async function timeRequests(base: string, url: string, cookie: string, n = 40): Promise<{ median: number; p95: number }> {
  await getJson(base, url, cookie);
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push((await getJson(base, url, cookie)).ms);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-bench-bio-"));
const { dataDir, base, env } = await prepareServerEnv("bench-bio", { SERVE_WEB: "false", LOG_LEVEL: "warn" });
const server = spawnServer(env);
let exitCode = 0;
try {
  const perDay = bytesPerDay();
  const days = Math.ceil(TARGET_XML / perDay);
  const small = path.join(work, "small.zip");
  const large = path.join(work, "large.zip");
  const end = Date.now() - 3 * 3600_000;
  await writeSyntheticAppleExport(small, { days: 10, minutesPerReading: 1, from: new Date(end - 10 * DAY_MS) });
  const generating = performance.now();
  await writeSyntheticAppleExport(large, { days, minutesPerReading: 1, from: new Date(end - days * DAY_MS) });
  console.log(`Generated a ${days}-day export (export.xml ${((days * perDay) / GiB).toFixed(2)} GiB, zip ${(fs.statSync(large).size / MiB).toFixed(0)} MiB) in ${((performance.now() - generating) / 1000).toFixed(0)} s.`);
  await waitUntilReady(server);
  const pid = server.child.pid!;
  const { cookie } = await signIn(base, "bench.bio@example.com");
  const port = Number(env.PORT);
  const health = await timeRequests(base, "/api/health", cookie);

  const baseline = await withRssSampling(pid, () => importExport(base, port, cookie, small));
  const big = await withRssSampling(pid, () => importExport(base, port, cookie, large));
  const growth = (s: { before: number; peak: number }) => (s.peak - s.before) / MiB;
  const page = await timeRequests(base, "/api/biometrics", cookie);
  const series = await timeRequests(base, "/api/biometrics/series/heart_rate?range=all", cookie);
  const year = await timeRequests(base, "/api/biometrics/series/heart_rate?range=1y", cookie);

  console.log(`Biometric import, the real server and its job process (Node ${process.versions.node}, ${os.availableParallelism()} CPUs), the RSS of both sampled every 20 ms:`);
  console.log(`  baseline: 10-day export      ${baseline.result.seconds.toFixed(1).padStart(6)} s   RSS +${growth(baseline).toFixed(1)} MB   ${baseline.result.kept} readings`);
  console.log(`  ${(TARGET_XML / GiB).toFixed(2)} GiB export (${days} days) ${big.result.seconds.toFixed(1).padStart(6)} s   RSS +${growth(big).toFixed(1)} MB   ${big.result.kept} readings, ${big.result.days} daily values`);
  console.log(`  throughput ${((days * perDay) / MiB / big.result.seconds).toFixed(1)} MiB of XML per second; ratio of time ${(big.result.seconds / baseline.result.seconds).toFixed(1)}, of RSS growth ${(growth(big) / Math.max(growth(baseline), 0.1)).toFixed(2)}`);
  console.log(`  API with ${days} days of data: GET /api/biometrics median ${page.median.toFixed(1)} ms (p95 ${page.p95.toFixed(1)}), series all ${series.median.toFixed(1)} ms (p95 ${series.p95.toFixed(1)}), series 1 year ${year.median.toFixed(1)} ms; baseline GET /api/health median ${health.median.toFixed(1)} ms (ratios ${(page.median / health.median).toFixed(1)}, ${(series.median / health.median).toFixed(1)})`);
  const timeOk = big.result.seconds <= TIME_BUDGET_S;
  const rssOk = growth(big) <= RSS_BUDGET_MB;
  const apiOk = Math.max(page.median, series.median, year.median) <= API_BUDGET_MS;
  console.log(`  ${timeOk ? "PASS" : "FAIL"}  import in ≤ ${TIME_BUDGET_S} s: ${big.result.seconds.toFixed(1)} s`);
  console.log(`  ${rssOk ? "PASS" : "FAIL"}  server RSS growth ≤ ${RSS_BUDGET_MB} MB: +${growth(big).toFixed(1)} MB`);
  console.log(`  ${apiOk ? "PASS" : "FAIL"}  the page's API in ≤ ${API_BUDGET_MS} ms (median): ${Math.max(page.median, series.median, year.median).toFixed(1)} ms`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await stop({ name: "Mindprint server", child: server.child, exited: server.exited });
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
