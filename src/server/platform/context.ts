import type { LanguageModel } from "ai";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Auth } from "./auth";
import type { Mailer } from "./mail/mailer";
import type { VoiceEngines } from "../providers/voice/create-voice-engines";
import type { Storage } from "./storage/storage";
import type { ConcurrencyGate } from "./concurrency-gate";
import type { Embedder } from "../providers/embeddings";
import type { VectorIndex } from "../features/twin/vector-index";

/** Everything a request handler may reach, built once in main.ts (or by a test) and injected into the app. */
export interface AppContext {
  config: Config;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  /** The language model chosen by LLM_PROVIDER, its display name, and how long one generation may take. */
  llm: { model: LanguageModel; name: string; timeoutMs: number; citation?: "all-sources" | "inline-markers" };
  /** Where audio files live (local disk under DATA_DIR/storage). */
  storage: Storage;
  /** The voice-cloning engines (VOICE_PROVIDER picks the one that trains new clones). */
  voice: VoiceEngines;
  /** The offline sentence encoder behind the twin's retrieval by meaning (runs in a worker thread). */
  embedder: Embedder;
  /** Each person's memory vectors, read once from PostgreSQL and kept while they are current. */
  vectorIndex: VectorIndex;
  /** This process's cap on answers being generated at once (GENERATION_CONCURRENCY). */
  generationGate: ConcurrencyGate;
  /** Wakes this process's job worker after a job is queued (a no-op when the worker runs elsewhere). */
  jobs: JobSignal;
  /** "embedded" or "external": shown on /debug and in the start-up banner. */
  databaseMode: "embedded" | "external";
}

/** Lets a service say "a job is waiting" without knowing whether or where a worker runs. */
export interface JobSignal {
  nudge(): void;
  listen(listener: () => void): void;
}

export function createJobSignal(): JobSignal {
  let listener: (() => void) | null = null;
  return { nudge: () => listener?.(), listen: (next) => void (listener = next) };
}
