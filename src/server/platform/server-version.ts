import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const packageJson = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../package.json");

/** The version in package.json, read once. */
export function serverVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(packageJson, "utf8")) as { version: string }).version;
  return version;
}
let version: string | undefined;
