// `npm start` builds the web app only when its sources changed since the last build: a SHA-256 over every file the
// client build reads (the web app, the contract, public assets, the build's configuration and scripts, the lockfile),
// kept in build/.source-hash after a successful build. `npm run build` always builds.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const inputs = ["src/web", "src/contract", "public", "scripts/vite", "scripts/lower-modulepreload-priority.ts", "scripts/precompress-assets.ts", "vite.config.ts", "react-router.config.ts", "tsconfig.json", "package-lock.json"];
const stamp = path.join(root, "build", ".source-hash");

function files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

const hash = createHash("sha256");
for (const file of inputs.flatMap(files).sort()) {
  hash.update(file).update("\0").update(fs.readFileSync(path.join(root, file))).update("\0");
}
const digest = hash.digest("hex");
const built = fs.existsSync(path.join(root, "build", "client", "index.html"));
if (built && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8").trim() === digest) {
  console.log("The web app is up to date (no source changed since the last build).");
  process.exit(0);
}
console.log(built ? "The web app's sources changed: building it." : "Building the web app (first start).");
const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(stamp, `${digest}\n`);
