import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { Config } from "../../config";
import { fetchWithResponseTimeout } from "./fetch-with-timeout";
import { createLocalModel, LOCAL_MODEL_ID } from "./local-model";

export interface LlmSettings {
  provider: "local" | "openai-compatible" | "anthropic";
  /** The API root that ends in the version segment, e.g. http://localhost:11434/v1; `/chat/completions` or `/messages` is appended. */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
}

// Ollama requires an Authorization header but ignores its value; llama.cpp and vLLM without --api-key accept any.
const PLACEHOLDER_API_KEY = "no-key";

function required(value: string | undefined, setting: string, provider: string): string {
  if (!value?.trim()) throw new Error(`LLM_PROVIDER=${provider} needs ${setting}.`);
  return value.trim();
}

/** Maps the environment's LLM_* settings; empty values are already undefined after config parsing. */
export function llmSettingsFromConfig(
  config: Pick<Config, "LLM_PROVIDER" | "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL" | "LLM_TIMEOUT_MS">,
): LlmSettings {
  return {
    provider: config.LLM_PROVIDER,
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
  };
}

/**
 * How an answer's sources are known: the offline model composes only from the sources it is given, so it uses all
 * of them; a language model is held to the [n] markers it writes.
 */
export type CitationStyle = "all-sources" | "inline-markers";

/** Builds the configured AI SDK model and the name recorded with everything it generates; throws when a setting is missing. */
export function createLanguageModel(settings: LlmSettings): { model: LanguageModelV4; name: string; citation: CitationStyle } {
  if (settings.provider === "local") return { model: createLocalModel(), name: LOCAL_MODEL_ID, citation: "all-sources" };
  const fetch = fetchWithResponseTimeout(settings.timeoutMs);
  if (settings.provider === "openai-compatible") {
    const modelId = required(settings.model, "LLM_MODEL", settings.provider);
    const provider = createOpenAICompatible({
      name: "openai-compatible",
      baseURL: required(settings.baseUrl, "LLM_BASE_URL", settings.provider),
      apiKey: settings.apiKey ?? PLACEHOLDER_API_KEY,
      // Without it, streamed answers report no token usage.
      includeUsage: true,
      fetch,
    });
    // chatModel: plain Chat Completions, the one protocol OpenAI, Ollama, llama.cpp and vLLM all speak.
    return { model: provider.chatModel(modelId), name: modelId, citation: "inline-markers" };
  }
  const modelId = required(settings.model, "LLM_MODEL", settings.provider);
  const anthropic = createAnthropic({
    apiKey: required(settings.apiKey, "LLM_API_KEY", settings.provider),
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
    fetch,
  });
  return { model: anthropic(modelId), name: modelId, citation: "inline-markers" };
}
