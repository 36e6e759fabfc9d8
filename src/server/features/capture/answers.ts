import { and, eq } from "drizzle-orm";
import { captureMessages, voiceMessages, type Memory } from "../../../contract";
import type { AppContext } from "../../app-context";
import { CAPTURE_RECORDING_ONCE, voiceSessions } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { pgConstraint, pgErrorCode } from "../../platform/pg-error-code";
import { createMemory } from "../memories";
import { capturePromptById } from "./prompts";

/**
 * Saves a capture answer to the vault: a memory with the question as its context, in the category of the question's
 * domain, with the emotion a memory added without one gets (Reflection), linked to the recording it was spoken in,
 * which must be one of the person's own. Nothing is stored when any of it is refused.
 */
export async function saveCaptureAnswer(
  ctx: AppContext,
  userId: string,
  input: { promptId: string; content: string; recordingId: string | null },
  idempotencyKey?: string,
): Promise<{ memory: Memory; created: boolean }> {
  const prompt = capturePromptById.get(input.promptId);
  if (!prompt) throw new AppError("capture_prompt_not_found", captureMessages.promptNotFound);
  if (input.recordingId) {
    const [own] = await withUserScope(
      ctx.db,
      userId,
      (tx) =>
        tx
          .select({ id: voiceSessions.id, purpose: voiceSessions.purpose, promptId: voiceSessions.capturePromptId })
          .from(voiceSessions)
          .where(and(eq(voiceSessions.id, input.recordingId!), eq(voiceSessions.userId, userId))),
      { accessMode: "read only" },
    );
    // A consent recording is not an answer to anything, and a recording made for another question not to this one.
    if (!own || own.purpose !== "training") throw new AppError("voice_session_not_found", voiceMessages.sessionNotFound);
    if (own.promptId !== null && own.promptId !== prompt.id) throw new AppError("validation_failed", captureMessages.recordingForAnotherQuestion, { fields: { recordingId: captureMessages.recordingForAnotherQuestion } });
  }
  // A retry after a lost answer (same key) gets the memory stored the first time, never a second copy.
  const { created, ...memory } = await createMemory(
    ctx.db,
    userId,
    {
      content: input.content,
      emotion: "Reflection",
      category: prompt.category,
      tags: ["capture"],
      emotionalIntensity: 5,
      seal: null,
      happenedOn: null,
      context: prompt.text,
      capturePromptId: prompt.id,
      voiceSessionId: input.recordingId,
    },
    idempotencyKey,
  ).catch((error: unknown) => {
    // The recording was deleted (another tab) between the check above and the insert: said as such, nothing stored.
    if (pgErrorCode(error) === "23503") throw new AppError("voice_session_not_found", voiceMessages.sessionNotFound);
    // Another tab saved this recording as the answer first (memories_capture_recording_once): one memory, not two.
    if (pgConstraint(error) === CAPTURE_RECORDING_ONCE) throw new AppError("capture_answer_exists", captureMessages.answerExists);
    throw error;
  });
  return { memory, created: created ?? true };
}
