import { messages } from "../../contract";
import type { PlatformContext } from "./context";
import { takeSlot } from "./gate-slot";
import { consumeRateLimit } from "./rate-limit";

/**
 * Admits one generation (twin answer, scenario, insight, reflection) for a person (SECURITY.md 28): at most
 * GENERATION_PER_MINUTE per person across all of them, in every process (the counter is in PostgreSQL), and at most
 * GENERATION_CONCURRENCY running in this process with a short line behind them. Both answer 429 with Retry-After.
 * Returns the slot's release, which the caller must call when the generation has finished or failed.
 */
export async function admitGeneration(ctx: PlatformContext, userId: string): Promise<() => void> {
  await consumeRateLimit(ctx.db, { key: `generate:${userId}`, limit: ctx.config.GENERATION_PER_MINUTE, windowSeconds: 60, message: messages.generationRateLimited });
  return takeSlot(() => ctx.generationGate.acquire(), { full: { message: messages.generationBusy, retryAfterSeconds: 2 } });
}

/** Runs one admitted generation and frees its slot however it ends. */
export async function withGeneration<T>(ctx: PlatformContext, userId: string, work: () => Promise<T>): Promise<T> {
  const release = await admitGeneration(ctx, userId);
  try {
    return await work();
  } finally {
    release();
  }
}
