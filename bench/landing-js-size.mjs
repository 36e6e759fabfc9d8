// Prints the first-load JavaScript of the landing page (every script the prerendered / loads), gzip-compressed,
// against the 150 KB budget of DESIGN.md and the empty React Router app baseline stated there (109 KB).
// Run after `npm run build`: node bench/landing-js-size.mjs
import fs from "node:fs";
import zlib from "node:zlib";

const html = fs.readFileSync("build/client/index.html", "utf8");
const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
let total = 0;
for (const src of scripts) total += zlib.gzipSync(fs.readFileSync(`build/client${src}`), { level: 9 }).length;
const kb = total / 1024;
console.log(`landing first-load JS: ${kb.toFixed(1)} KB gzip in ${scripts.size} files`);
console.log(`budget 150 KB: ${(kb / 150).toFixed(2)}x of budget; ${kb <= 150 ? "within" : "OVER"}`);
