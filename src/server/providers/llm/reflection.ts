import { generateText, type LanguageModel } from "ai";
import type { ReflectionInput } from "./reflection-input";
import { buildReflectionPrompt } from "./reflection-prompt";
import { traitsForInput } from "./traits";
import { splitTraitsTail } from "./traits-tail";

export type { ReflectionInput } from "./reflection-input";

export type ReflectionFailure = "timeout" | "aborted" | "provider" | "empty";

/** The reflection could not be written: the provider failed, took too long, was cancelled, or returned nothing. */
export class ReflectionFailedError extends Error {
  readonly reason: ReflectionFailure;
  constructor(reason: ReflectionFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ReflectionFailedError";
    this.reason = reason;
  }
}

export interface ReflectionOptions {
  timeoutMs: number;
  abortSignal?: AbortSignal;
  /** The date the age is computed against; injected so tests and replays are stable. */
  now?: Date;
}

// Rejects when the signal fires even if a provider ignores it, so a call can never outlive its deadline.
function whenAborted(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

/**
 * Writes the onboarding reflection with the given model. Resolves with a non-empty summary and trait labels,
 * or rejects with ReflectionFailedError within timeoutMs; it never hangs and never retries more than once.
 */
export async function generateReflection(
  model: LanguageModel,
  input: ReflectionInput,
  options: ReflectionOptions,
): Promise<{ summary: string; traitsUsed: string[] }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.abortSignal ? AbortSignal.any([timeout, options.abortSignal]) : timeout;
  const { system, prompt } = buildReflectionPrompt(input, options.now ?? new Date());
  const guard = whenAborted(signal);
  let text: string;
  try {
    const call = generateText({ model, instructions: system, prompt, maxRetries: 0, abortSignal: signal });
    call.catch(() => {}); // the race below may settle first; the loser must not surface as an unhandled rejection
    text = (await Promise.race([call, guard.promise])).text;
  } catch (error) {
    if (timeout.aborted) throw new ReflectionFailedError("timeout", `The model did not answer within ${options.timeoutMs} ms.`, { cause: error });
    if (options.abortSignal?.aborted) throw new ReflectionFailedError("aborted", "The reflection was cancelled.", { cause: error });
    const detail = error instanceof Error ? error.message : String(error);
    throw new ReflectionFailedError("provider", `The model provider failed: ${detail}`, { cause: error });
  } finally {
    guard.dispose();
  }
  const { summary, traits } = splitTraitsTail(text);
  if (summary.length === 0) throw new ReflectionFailedError("empty", "The model returned an empty reflection.");
  return { summary, traitsUsed: traits ?? traitsForInput(input) };
}
