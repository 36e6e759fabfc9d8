// Voice upload memory against DESIGN.md section 8 ("server memory grows by less than 30 MB for a 100 MB upload").
// Builds a 100 MB WebM/Opus recording by repeating the clusters of the test fixture (a valid file the server decodes
// in full), starts the real server as its own process, signs in through the dev mailbox, and uploads a 1 MB file
// (the baseline) and the 100 MB file as multipart streams while sampling the server's resident memory every 20 ms,
// after one unmeasured warm-up upload.
// Prints both growths, their ratio, the upload times and PASS/FAIL against the budget; exits 1 only if the run broke.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { webmParts } from "../src/server/test/repeated-webm";
import { prepareServerEnv } from "../src/server/test/server-env";
import { spawnServer, waitUntilReady } from "../src/server/test/spawn-server";
import { withRssSampling } from "./fixtures/rss";
import { signIn, stop } from "./fixtures/vault-setup";

const MB = 1_000_000;
const BUDGET_MB = 30;

/** A WebM file of at least `bytes`: the fixture's header, then its clusters repeated. */
function buildRecording(target: string, bytes: number): number {
  const { head, body } = webmParts();
  const fd = fs.openSync(target, "w");
  let size = fs.writeSync(fd, head);
  while (size < bytes) size += fs.writeSync(fd, body);
  fs.closeSync(fd);
  return size;
}

/** Streams a file as a multipart upload (field `audio`) and resolves with the status and body. */
function upload(port: number, cookie: string, origin: string, file: string): Promise<{ status: number; body: string; ms: number }> {
  const boundary = `----mindprintbench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/voice/sessions",
        headers: { cookie, origin, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": head.length + size + tail.length },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started }));
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

const work = fs.mkdtempSync(path.join(os.tmpdir(), "mindprint-bench-upload-"));
const { dataDir, base, env } = await prepareServerEnv("bench-upload", { SERVE_WEB: "false", LOG_LEVEL: "warn", VOICE_MAX_UPLOAD_MB: "128", VOICE_QUOTA_MB: "1024" });
const server = spawnServer(env);
let exitCode = 0;
try {
  const small = path.join(work, "small.webm");
  const large = path.join(work, "large.webm");
  const smallBytes = buildRecording(small, 1 * MB);
  const largeBytes = buildRecording(large, 100 * MB);
  await waitUntilReady(server);
  const pid = server.child.pid!;
  const { cookie } = await signIn(base, "bench.voice@example.com");
  const port = Number(env.PORT);
  // One unmeasured upload first: the decoder's WebAssembly module and the upload path load once per process, and the
  // budget is about what an upload costs a running server, not about its first start.
  const warm = await upload(port, cookie, base, small);
  if (warm.status !== 201) throw new Error(`warm-up upload: the server answered ${warm.status} ${warm.body.slice(0, 300)}`);
  const runs: Array<{ label: string; bytes: number; growth: number; ms: number; duration: number }> = [];
  for (const [label, file, bytes] of [["baseline: 1 MB recording", small, smallBytes], ["100 MB recording", large, largeBytes]] as const) {
    const sampled = await withRssSampling(pid, () => upload(port, cookie, base, file));
    if (sampled.result.status !== 201) throw new Error(`${label}: the server answered ${sampled.result.status} ${sampled.result.body.slice(0, 300)}`);
    const session = JSON.parse(sampled.result.body).session as { durationSeconds: number; fileSize: number };
    if (session.fileSize !== bytes) throw new Error(`${label}: stored ${session.fileSize} bytes, sent ${bytes}`);
    runs.push({ label, bytes, growth: (sampled.peak - sampled.before) / (1024 * 1024), ms: sampled.result.ms, duration: session.durationSeconds });
  }
  console.log(`Voice upload, streamed multipart to the real server (Node ${process.versions.node}, ${os.availableParallelism()} CPUs), server RSS sampled every 20 ms:`);
  for (const r of runs) {
    console.log(`  ${r.label.padEnd(26)} ${(r.bytes / MB).toFixed(1).padStart(6)} MB   ${(r.ms / 1000).toFixed(1).padStart(6)} s   decoded ${(r.duration / 60).toFixed(1)} min of audio   RSS +${r.growth.toFixed(1)} MB`);
  }
  const [baseline, big] = runs as [(typeof runs)[0], (typeof runs)[0]];
  console.log(`  ratio of RSS growth (100 MB / 1 MB): ${(big.growth / Math.max(baseline.growth, 0.1)).toFixed(2)}`);
  console.log(`  ${big.growth < BUDGET_MB ? "PASS" : "FAIL"}  a 100 MB upload grows server memory by < ${BUDGET_MB} MB: +${big.growth.toFixed(1)} MB`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await stop({ name: "Mindprint server", child: server.child, exited: server.exited });
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
