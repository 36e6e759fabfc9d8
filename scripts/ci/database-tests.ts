/**
 * The test files that reach the database, one per line: CI's second run (against an external PostgreSQL through
 * DATABASE_URL) is about the database, so it runs these and not the unit tests that never open a connection.
 *
 * A file reaches the database when it, or any module it imports from this repository (relative imports, followed
 * transitively), reads the test database the global setup provides (`inject("adminUrl")` or
 * `inject("templateDatabase")`), or opens PostgreSQL itself (`from "pg"`).
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const TOUCHES = /inject\("(?:adminUrl|templateDatabase)"\)|from "pg"/;
const IMPORT = /(?:import|export)\s[^"']*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const reaches = new Map<string, boolean>();
function reachesDatabase(file: string, visiting = new Set<string>()): boolean {
  const known = reaches.get(file);
  if (known !== undefined) return known;
  if (visiting.has(file)) return false;
  visiting.add(file);
  const text = fs.readFileSync(file, "utf8");
  let found = TOUCHES.test(text);
  for (const match of text.matchAll(IMPORT)) {
    if (found) break;
    const target = resolveImport(file, (match[1] ?? match[2])!);
    if (target && reachesDatabase(target, visiting)) found = true;
  }
  reaches.set(file, found);
  return found;
}

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(full);
    return entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

const files = ["src", "scripts", "e2e/fixtures"].flatMap((dir) => testFiles(path.join(root, dir)));
for (const file of files.filter((f) => reachesDatabase(f)).sort()) console.log(path.relative(root, file));
