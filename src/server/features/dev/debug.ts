import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AppContext } from "../../platform/context";

const packageJson = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../package.json");

/** What /debug shows in development: the version, where the data lives, and which providers are switched on. */
export function describeServer(ctx: AppContext) {
  const { version } = JSON.parse(fs.readFileSync(packageJson, "utf8")) as { version: string };
  const c = ctx.config;
  return {
    version,
    node: process.versions.node,
    environment: c.NODE_ENV,
    database: ctx.databaseMode,
    providers: {
      email: ctx.mailer.kind,
      googleSignIn: c.googleEnabled,
      llm: `${c.LLM_PROVIDER}${c.LLM_PROVIDER === "local" ? "" : ` (${c.LLM_MODEL ?? "?"})`}`,
      accessMode: c.ACCESS_MODE,
    },
  };
}
