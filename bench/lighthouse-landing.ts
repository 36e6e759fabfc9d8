// Builds nothing itself: run `npm run build` first (npm run bench does). Serves the built product, runs Lighthouse
// (mobile) in Debian's Chromium on `/`, and on a bare HTML page served in the same run as the baseline, then prints
// the four category scores, the ratio of each to the baseline, and the landing page's first-load JavaScript.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { findChromium, chromiumArgs } from "../e2e/fixtures/chromium";
import { findFreePort } from "../src/server/test/free-port";
import { spawnServer, waitUntilReady } from "../src/server/test/spawn-server";

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

type Scores = Record<(typeof categories)[number], number>;

/** Three good Lighthouse runs (a run whose trace failed is repeated) and the median of each category. */
async function audit(url: string, port: number): Promise<Scores> {
  const runs: Scores[] = [];
  for (let attempt = 0; runs.length < 3 && attempt < 8; attempt++) {
    const scores = await auditOnce(url, port);
    if (scores) runs.push(scores);
  }
  if (runs.length === 0) throw new Error(`Lighthouse could not measure ${url}`);
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return Object.fromEntries(categories.map((c) => [c, median(runs.map((r) => r[c]))])) as Scores;
}

async function auditOnce(url: string, port: number): Promise<Scores | null> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...categories] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) return null;
  if (process.env.BENCH_VERBOSE) {
    for (const audit of Object.values(result.lhr.audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative") console.log(`  ${url} ${audit.id}: ${audit.score} ${audit.displayValue ?? ""}`);
      if (audit.errorMessage) console.log(`  ${url} ${audit.id} error: ${audit.errorMessage}`);
    }
  }
  return Object.fromEntries(categories.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)])) as Scores;
}

/** The JavaScript a browser actually downloads for `/` (every .js response until the network is idle), gzip-sized. */
async function landingJavaScriptKb(url: string, executablePath: string): Promise<number> {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await browser.close();
  let bytes = 0;
  for (const src of scripts) bytes += zlib.gzipSync(fs.readFileSync(`build/client${src}`), { level: 9 }).length;
  return bytes / 1024;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-bench-"));
fs.chmodSync(dataDir, 0o755);
const appPort = await findFreePort();
const server = spawnServer({
  NODE_ENV: "production",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-00",
  // Production refuses to start without a mail transport; the landing page sends no mail.
  SMTP_URL: "smtp://127.0.0.1:2525",
  PUBLIC_URL: `http://localhost:${appPort}`,
  DATA_DIR: dataDir,
  PORT: String(appPort),
  EMBEDDED_PG_PORT: String(await findFreePort()),
  LOG_LEVEL: "warn",
});
const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="description" content="A bare page used as the benchmark baseline."><title>Baseline</title></head><body><h1>Baseline</h1><p>Nothing else.</p></body></html>');
});
const baselinePort = await findFreePort();
await new Promise<void>((resolve) => baseline.listen(baselinePort, "127.0.0.1", resolve));
const debugPort = await findFreePort();
const browser = await chromium.launch({ executablePath: findChromium(), args: [...chromiumArgs, `--remote-debugging-port=${debugPort}`] });
try {
  await waitUntilReady(server);
  const bare = await audit(`http://127.0.0.1:${baselinePort}/`, debugPort);
  const landing = await audit(`http://localhost:${appPort}/`, debugPort);
  console.log("Lighthouse (mobile, median of 3), landing page / vs a bare HTML page served in the same run:");
  for (const c of categories) console.log(`  ${c.padEnd(15)} ${String(landing[c]).padStart(3)}   baseline ${String(bare[c]).padStart(3)}   ratio ${(landing[c] / Math.max(1, bare[c])).toFixed(2)}`);
  const kb = await landingJavaScriptKb(`http://localhost:${appPort}/`, findChromium());
  console.log(`  first-load JS   ${kb.toFixed(1)} KB gzip (budget 150 KB: ${(kb / 150).toFixed(2)}x)`);
  const bars = landing.performance >= 95 && landing.accessibility === 100 && landing["best-practices"] >= 95 && landing.seo === 100 && kb <= 150;
  console.log(bars ? "All quality bars met." : "Some quality bars are NOT met (performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100, JS ≤ 150 KB).");
} finally {
  await browser.close();
  baseline.close();
  server.child.kill("SIGTERM");
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
