import { and, desc, eq, isNotNull } from "drizzle-orm";
import { legacyMessages, voiceCloneMessages } from "../../../contract";
import { voiceProfiles } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { consumeRateLimit } from "../../platform/rate-limit";
import { VoiceEngineError, type SpokenAudio } from "../../providers/voice/voice-engine";
import { consentInForce } from "./consent";
import { markSpeech, voiceOwnerName } from "./marked-speech";
import { admitSpeech } from "./speech-gate";

type ProfileRow = typeof voiceProfiles.$inferSelect;

/** Visitors' speech budget, per visitor. */
const VISITOR_SPEECH_PER_MINUTE = 20;

/**
 * Whether the owner's voice may speak to one of their legacy contacts: a consent in force whose scope reaches contacts
 * after release (or the public memorial, which includes them), and a ready clone. Otherwise why not, in words.
 */
export async function ownerVoiceForContacts(ctx: AppContext, ownerId: string, ownerName: string): Promise<{ profile: ProfileRow | null; reason: string | null }> {
  return withUserScope(ctx.db, ownerId, async (tx) => {
    const consent = await consentInForce(tx, ownerId);
    if (!consent) return { profile: null, reason: legacyMessages.voiceNoConsent(ownerName) };
    if (consent.scope === "only-me") return { profile: null, reason: legacyMessages.voiceOnlyOwner(ownerName) };
    const [profile] = await tx
      .select()
      .from(voiceProfiles)
      .where(and(eq(voiceProfiles.userId, ownerId), eq(voiceProfiles.trainingStatus, "ready"), isNotNull(voiceProfiles.providerVoiceId)))
      .orderBy(desc(voiceProfiles.createdAt))
      .limit(1);
    return profile ? { profile, reason: null } : { profile: null, reason: legacyMessages.voiceNotTrained(ownerName) };
  });
}

/** Speaks `text` in the owner's newest ready voice for a contact (checked again here), within the visitor's budget, marked as AI speech. */
export async function speakToContact(ctx: AppContext, visitorId: string, ownerId: string, ownerName: string, text: string): Promise<SpokenAudio> {
  const { profile, reason } = await ownerVoiceForContacts(ctx, ownerId, ownerName);
  if (!profile) throw new AppError("voice_consent_required", reason!);
  const engine = ctx.voice.forProvider(profile.provider);
  if (!engine) throw new AppError("voice_service_failed", `The ${profile.provider} voice engine is not configured on this server.`);
  await consumeRateLimit(ctx.db, {
    key: `speech:visitor:${visitorId}`,
    limit: VISITOR_SPEECH_PER_MINUTE,
    windowSeconds: 60,
    message: "You have listened to a lot in the last minute. Please wait a moment and try again.",
  });
  const release = await admitSpeech(visitorId);
  try {
    const spoken = await engine.speak({ voiceId: profile.providerVoiceId!, settings: profile.engineSettings }, text);
    if (spoken.audio.length === 0) throw new AppError("voice_service_failed", voiceCloneMessages.noAudioReturned);
    return await markSpeech(ctx, spoken, { who: await voiceOwnerName(ctx, ownerId), label: profile.voiceName }, profile.provider ?? "unknown");
  } catch (error) {
    if (error instanceof VoiceEngineError) throw new AppError("voice_service_failed", error.message);
    throw error;
  } finally {
    release();
  }
}
