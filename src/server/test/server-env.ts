import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "./free-port";

export interface ServerEnv {
  dataDir: string;
  /** `http://localhost:<port>`, also PUBLIC_URL. */
  base: string;
  env: Record<string, string>;
}

/**
 * Settings for a server process of its own: a throwaway data directory (readable by the `postgres` user that
 * runs the embedded cluster when tests run as root), free ports for the app and its PostgreSQL.
 */
export async function prepareServerEnv(prefix: string, extra: Record<string, string> = {}, port?: number): Promise<ServerEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mindprint-${prefix}-`));
  fs.chmodSync(dataDir, 0o755);
  const appPort = port ?? (await findFreePort());
  const base = `http://localhost:${appPort}`;
  const env = {
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    PORT: String(appPort),
    EMBEDDED_PG_PORT: String(await findFreePort()),
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
    // Browser tests record consent from a fake microphone that does not read the statement (voice-consent-check.test.ts checks it).
    VOICE_CONSENT_CHECK: "off",
    ...extra,
  };
  return { dataDir, base, env };
}
