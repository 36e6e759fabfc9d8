import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import { audioFormatOf, mark } from "../../platform/audio/provenance-mark";
import { AppError } from "../../platform/errors";
import type { SpokenAudio } from "../../providers/voice/voice-engine";
import { personName } from "../profile";

/** Said in the mark when the person gave no name: their address never goes into a file. */
const UNNAMED = "this account's owner";

/** The name a person's AI voice is marked with: their first name or account name, never their e-mail address. */
export async function voiceOwnerName(ctx: AppContext, ownerId: string): Promise<string> {
  const { name, email } = await withUserScope(ctx.db, ownerId, (tx) => personName(tx, ownerId));
  return name === email ? UNNAMED : name;
}

/**
 * Synthetic speech as it may leave the server: marked as AI-generated (IPTC trainedAlgorithmicMedia in XMP, decision
 * 0030) with whose voice, which engine and when. Audio in a format we cannot mark is refused rather than sent unmarked.
 */
export function markSpeech(ctx: AppContext, spoken: SpokenAudio, who: string, engine: string): SpokenAudio {
  const format = audioFormatOf(spoken.audio);
  if (!format) throw new AppError("voice_service_failed", "The voice engine answered in an audio format that cannot be marked as AI speech.");
  return { audio: mark(spoken.audio, format, { who, madeAt: ctx.clock.now(), engine }), contentType: format === "wav" ? "audio/wav" : "audio/mpeg" };
}
