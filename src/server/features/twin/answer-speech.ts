import { and, eq } from "drizzle-orm";
import { SPEECH_TEXT_MAX, twinMessages } from "../../../contract";
import type { AppContext } from "../../app-context";
import { twinConversations, type StoredAnswerKind } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { isUuid } from "../../platform/ids";
import type { SpokenAudio } from "../../providers/voice/voice-engine";
import { synthesizeSpeech } from "../voice";

/**
 * Refuses (409) to speak a stored message that is not the twin's own answer: a support message, the answer to "Are you
 * real?" or a notice is Mindprint talking, and must never be heard in the owner's voice, whatever the page offers.
 */
export function refuseUnlessTwinAnswer(kind: StoredAnswerKind | null): void {
  if (kind !== "answer") throw new AppError("twin_message_not_answer", twinMessages.notSpoken);
}

// Citation markers like [2] point at the sources list; read aloud they are noise.
const speakable = (text: string) => text.replace(/\s?\[\d+\]/g, "").slice(0, SPEECH_TEXT_MAX);

/** Speaks one of the owner's stored twin answers in their ready voice `voiceId`; 404 unless it is their answer, 409 unless the twin's own. */
export async function speakTwinAnswer(ctx: AppContext, userId: string, messageId: string | undefined, voiceId: string): Promise<SpokenAudio> {
  const [row] = isUuid(messageId)
    ? await withUserScope(ctx.db, userId, (tx) =>
        tx
          .select({ response: twinConversations.response, kind: twinConversations.kind })
          .from(twinConversations)
          .where(and(eq(twinConversations.id, messageId!), eq(twinConversations.userId, userId), eq(twinConversations.messageType, "ai"))),
      )
    : [];
  if (!row) throw new AppError("twin_message_not_found", twinMessages.messageNotFound);
  refuseUnlessTwinAnswer(row.kind);
  return synthesizeSpeech(ctx, userId, { text: speakable(row.response), voiceId });
}
