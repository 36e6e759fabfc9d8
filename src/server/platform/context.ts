import type { LanguageModel } from "ai";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Auth } from "./auth";
import type { Mailer } from "./mail/mailer";
import type { Storage } from "./storage/storage";

/** Everything a request handler may reach, built once in main.ts (or by a test) and injected into the app. */
export interface AppContext {
  config: Config;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  /** The language model chosen by LLM_PROVIDER, its display name, and how long one generation may take. */
  llm: { model: LanguageModel; name: string; timeoutMs: number };
  /** Where audio files live (local disk under DATA_DIR/storage). */
  storage: Storage;
  /** "embedded" or "external": shown on /debug and in the start-up banner. */
  databaseMode: "embedded" | "external";
}
