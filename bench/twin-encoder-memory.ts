// What the twin's reader adds to the server's memory (issue 58: RSS grows ≤ 350 MB with the reader loaded).
// Each measurement runs in a fresh Node process: the app's modules imported (the baseline), then the encoder loaded in
// the ONNX thread and used on 200 memory-like texts, with the process's RSS read at each step. The same is done for
// MiniLM (the twin's encoder before, the crisis check's now) and for both together, as the server runs today.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const encoders = process.argv[2];

if (encoders) {
  // The child: import what the server imports for the twin, measure, then load and use the encoders.
  const { createMiniLmEmbedder, createTwinReaderEmbedder, createUseLiteEmbedder } = await import("../src/server/providers/embeddings");
  await import("../src/server/features/twin/retrieval");
  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  const texts = Array.from({ length: 200 }, (_, i) => `On the ${i}th day of the harvest we carried the apples down to the press, and my father sang the whole way.`);
  const made = encoders.split("+").map((name) => (name === "minilm" ? createMiniLmEmbedder() : name === "reader" ? createTwinReaderEmbedder() : createUseLiteEmbedder()));
  for (const embedder of made) for (let at = 0; at < texts.length; at += 8) await embedder.embed(texts.slice(at, at + 8), "background");
  globalThis.gc?.();
  console.log(JSON.stringify({ baseline, loaded: process.memoryUsage().rss }));
  process.exit(0);
}

const measure = (which: string) => {
  const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), which], { cwd: root, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1)!) as { baseline: number; loaded: number };
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
console.log(`Twin encoder memory, Node ${process.versions.node} (RSS of a fresh process; baseline = the app's twin modules imported):`);
let readerGrowth = 0;
for (const which of ["reader", "minilm", "reader+minilm"]) {
  const { baseline, loaded } = measure(which);
  if (which === "reader") readerGrowth = loaded - baseline;
  console.log(`  ${which.padEnd(16)} baseline ${mb(baseline).padStart(4)} MB, loaded and used ${mb(loaded).padStart(4)} MB: grows ${mb(loaded - baseline).padStart(4)} MB (ratio ${(loaded / baseline).toFixed(2)})`);
}
const pass = readerGrowth <= 350 * 1024 * 1024;
console.log(`  ${pass ? "PASS" : "FAIL"}  RSS grows ≤ 350 MB with the twin's reader loaded: ${mb(readerGrowth)} MB`);
