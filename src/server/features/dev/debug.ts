import type { AppContext } from "../../app-context";
import { serverVersion } from "../../platform/server-version";

/** What /debug shows in development: the version, where the data lives, and which providers are switched on. */
export function describeServer(ctx: AppContext) {
  const version = serverVersion();
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
