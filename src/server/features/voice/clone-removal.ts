import type { AppContext } from "../../app-context";
import { enqueueJob } from "../../platform/jobs/job-queue";
import type { JobHandler } from "../../platform/jobs/job-worker";
import { safeErrorLine } from "../../platform/log-safe-error";

export const REMOVE_CLONES_JOB = "voice.remove-clones";
const DAY_MS = 86_400_000;

/** A clone whose row is gone but which an engine may still hold. */
export interface EngineClone {
  provider: string;
  voiceId: string;
}

const clonesOf = (payload: Record<string, unknown>): EngineClone[] =>
  (Array.isArray(payload.clones) ? payload.clones : []).flatMap((c: unknown) => {
    const { provider, voiceId } = (c ?? {}) as Record<string, unknown>;
    return typeof provider === "string" && typeof voiceId === "string" ? [{ provider, voiceId }] : [];
  });

/**
 * Asks each clone's engine to delete it and answers those it could not (unreachable, or not configured on this
 * server). A voice the engine no longer has counts as deleted, so repeating this is harmless.
 */
export async function removeClonesAtEngines(ctx: AppContext, clones: EngineClone[]): Promise<EngineClone[]> {
  const failed: EngineClone[] = [];
  for (const clone of clones) {
    const engine = ctx.voice.forProvider(clone.provider);
    try {
      if (!engine) throw new Error(`the ${clone.provider} voice engine is not configured on this server`);
      await engine.remove(clone.voiceId);
    } catch (error) {
      console.warn(`could not delete voice ${clone.voiceId} at ${clone.provider}: ${safeErrorLine(error)}`);
      failed.push(clone);
    }
  }
  return failed;
}

/**
 * Deletes revoked clones at their engine until the engine has done it. After its last attempt the job queues itself
 * again a day later with what is left: a copy of someone's voice at a vendor is never forgotten.
 */
export function cloneRemovalJob(ctx: AppContext): JobHandler {
  return {
    kind: REMOVE_CLONES_JOB,
    async run(payload) {
      const failed = await removeClonesAtEngines(ctx, clonesOf(payload));
      if (failed.length > 0) throw new Error(`${failed.length} clone(s) could not be deleted at their engine yet`);
    },
    isRetryable: () => true,
    describeError: (error) => safeErrorLine(error),
    async onGiveUp(payload) {
      const clones = clonesOf(payload);
      await enqueueJob(ctx.db, REMOVE_CLONES_JOB, { clones }, { maxAttempts: 20, runAfter: new Date(Date.now() + DAY_MS) }).catch((error: unknown) => {
        // The one way this chain could end: say loudly which voices an operator must delete by hand.
        console.error(`could not queue the next removal of ${clones.map((c) => `${c.provider}:${c.voiceId}`).join(", ")}: ${safeErrorLine(error)}`);
        throw error;
      });
    },
  };
}
