import type { CrisisDetector } from "./features/safety";
import type { LanguageModel } from "ai";
import type { VectorIndex } from "./features/twin/vector-index";
import type { PlatformContext } from "./platform/context";
import type { Embedder } from "./providers/embeddings";
import type { Transcriber } from "./providers/transcription/transcriber";
import type { VoiceEngines } from "./providers/voice/create-voice-engines";

/** Everything a request handler may reach, built once in main.ts (or by a test) and injected into the app. */
export interface AppContext extends PlatformContext {
  /** The language model chosen by LLM_PROVIDER, its display name, how long one generation may take, and how it cites. */
  llm: { model: LanguageModel; name: string; timeoutMs: number; citation?: "all-sources" | "inline-markers" };
  /** The voice-cloning engines (VOICE_PROVIDER picks the one that trains new clones). */
  voice: VoiceEngines;
  /** The twin's encoder: its fine-tuned reader (on the process's ONNX thread), which also decides what answers. */
  embedder: Embedder;
  /** Each person's memory vectors, read once from PostgreSQL and kept while they are current. */
  vectorIndex: VectorIndex;
  /** Speech to text for capture answers (TRANSCRIBE_PROVIDER); null when it is not set up. */
  transcriber: Transcriber | null;
  /** The offline check every message to a twin passes before retrieval: a person in crisis is answered with help. */
  crisis: CrisisDetector;
}
