// Runs last in `npm run build`. Writes a Brotli (quality 11) and a gzip (level 9) copy next to every text file of
// the built web app, so the server sends the smallest encoding without compressing on each request
// (`@fastify/static` with `preCompressed`). Dynamic API answers are compressed on the fly at a lower, faster level.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const clientDir = path.resolve("build/client");
const TEXT = new Set([".js", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".webmanifest"]);
const MIN_BYTES = 1024;
let files = 0;
let before = 0;
let after = 0;

function visit(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) visit(full);
    else if (TEXT.has(path.extname(entry.name))) {
      const data = fs.readFileSync(full);
      if (data.length < MIN_BYTES) continue;
      const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
      fs.writeFileSync(`${full}.br`, br);
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
      files++;
      before += data.length;
      after += br.length;
    }
  }
}

visit(clientDir);
console.log(`Precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with Brotli.`);
