import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
  SharedV4Warning,
} from "@ai-sdk/provider";
import { hashString } from "./hash";
import { composeLocalAnswer } from "./local-answer";
import { promptText } from "./prompt-text";
import { estimateTokens, truncateToTokens } from "./token-estimate";

export const LOCAL_MODEL_ID = "mindprint-local-1";

interface Completion {
  text: string;
  finishReason: LanguageModelV4FinishReason;
  usage: LanguageModelV4Usage;
  warnings: SharedV4Warning[];
  responseId: string;
}

// Settings a sampling model would use mean nothing to a deterministic composer; say so instead of ignoring them silently.
function warningsFor(options: LanguageModelV4CallOptions): SharedV4Warning[] {
  const warnings: SharedV4Warning[] = [];
  if (options.tools && options.tools.length > 0) warnings.push({ type: "unsupported", feature: "tools" });
  if (options.responseFormat?.type === "json") warnings.push({ type: "unsupported", feature: "responseFormat", details: "answers in text" });
  return warnings;
}

function applyStops(text: string, options: LanguageModelV4CallOptions): { text: string; cut: "stop" | "length" | null } {
  let result = text;
  let cut: "stop" | "length" | null = null;
  for (const stop of options.stopSequences ?? []) {
    const at = stop.length > 0 ? result.indexOf(stop) : -1;
    if (at >= 0) [result, cut] = [result.slice(0, at), "stop"];
  }
  if (options.maxOutputTokens !== undefined && estimateTokens(result) > options.maxOutputTokens) {
    [result, cut] = [truncateToTokens(result, options.maxOutputTokens), "length"];
  }
  return { text: result, cut };
}

function complete(options: LanguageModelV4CallOptions, compose: (options: LanguageModelV4CallOptions) => string): Completion {
  options.abortSignal?.throwIfAborted();
  const { text, cut } = applyStops(compose(options), options);
  const inputTokens = estimateTokens(promptText(options.prompt).all);
  const outputTokens = estimateTokens(text);
  return {
    text,
    finishReason: { unified: cut === "length" ? "length" : "stop", raw: cut ?? "stop" },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
    },
    warnings: warningsFor(options),
    responseId: `local-${hashString(JSON.stringify(options.prompt)).toString(16)}`,
  };
}

// Word-sized deltas: a UI sees the answer arrive progressively, and the deltas always join back to the exact text.
const deltasOf = (text: string) => text.match(/\s*\S+\s*/g) ?? (text.length > 0 ? [text] : []);

function streamParts(c: Completion, modelId: string): LanguageModelV4StreamPart[] {
  return [
    { type: "stream-start", warnings: c.warnings },
    { type: "response-metadata", id: c.responseId, modelId },
    { type: "text-start", id: "text-0" },
    ...deltasOf(c.text).map((delta): LanguageModelV4StreamPart => ({ type: "text-delta", id: "text-0", delta })),
    { type: "text-end", id: "text-0" },
    { type: "finish", usage: c.usage, finishReason: c.finishReason },
  ];
}

/** Mindprint's offline model: deterministic, no downloads, answers only from material carried in the prompt. */
export const createLocalModel = (): LanguageModelV4 => composingModel(LOCAL_MODEL_ID, (options) => composeLocalAnswer(options.prompt));

export const SUPPORT_MODEL_ID = "mindprint-support-1";
/**
 * A model that says one prepared text whatever it is asked: the answer to a message in crisis, which no provider is
 * trusted to write, streamed like any other answer so every twin's page shows and stores it the same way.
 */
export const createPreparedReplyModel = (text: string): LanguageModelV4 => composingModel(SUPPORT_MODEL_ID, () => text);

function composingModel(modelId: string, compose: (options: LanguageModelV4CallOptions) => string): LanguageModelV4 {
  return {
    specificationVersion: "v4",
    provider: "mindprint.local",
    modelId,
    supportedUrls: {},
    async doGenerate(options): Promise<LanguageModelV4GenerateResult> {
      const c = complete(options, compose);
      return {
        content: c.text.length > 0 ? [{ type: "text", text: c.text }] : [],
        finishReason: c.finishReason,
        usage: c.usage,
        warnings: c.warnings,
        response: { id: c.responseId, modelId },
      };
    },
    async doStream(options): Promise<LanguageModelV4StreamResult> {
      const parts = streamParts(complete(options, compose), modelId);
      const signal = options.abortSignal;
      let index = 0;
      // Pull-based, so a consumer that stops reading or aborts stops the stream between parts.
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        pull(controller) {
          if (signal?.aborted) return controller.error(signal.reason);
          const part = parts[index++];
          if (part) controller.enqueue(part);
          else controller.close();
        },
      });
      return { stream };
    },
  };
}
