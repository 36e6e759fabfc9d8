import { voiceCloneMessages, type SpeechRequest } from "../../../contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../platform/errors";
import { consumeRateLimit } from "../../platform/rate-limit";
import { VoiceEngineError, type SpokenAudio } from "../../providers/voice/voice-engine";
import { markSpeech, voiceOwnerName } from "./marked-speech";
import { findReadyVoice } from "./voice-profiles";
import { admitSpeech } from "./speech-gate";

/** Synthesis is the most expensive thing a person can ask for repeatedly, so it has a per-person budget. */
const SPEECH_PER_MINUTE = 30;

/** Speaks the text in one of the person's ready clones, with the engine that holds it, marked as AI speech (decision 0030). */
export async function synthesizeSpeech(ctx: AppContext, userId: string, request: SpeechRequest): Promise<SpokenAudio> {
  const profile = await findReadyVoice(ctx, userId, request.voiceId);
  const engine = ctx.voice.forProvider(profile.provider);
  if (!engine) throw new AppError("voice_service_failed", `The ${profile.provider} voice engine is not configured on this server.`);
  await consumeRateLimit(ctx.db, {
    key: `speech:${userId}`,
    limit: SPEECH_PER_MINUTE,
    windowSeconds: 60,
    message: "You have played a lot of speech in the last minute. Please wait a moment and try again.",
  });
  let spoken: SpokenAudio;
  const release = await admitSpeech(userId);
  try {
    spoken = await engine.speak({ voiceId: request.voiceId, settings: profile.engineSettings }, request.text);
  } catch (error) {
    if (error instanceof VoiceEngineError) throw new AppError("voice_service_failed", error.message);
    throw error;
  } finally {
    release();
  }
  if (spoken.audio.length === 0) throw new AppError("voice_service_failed", voiceCloneMessages.noAudioReturned);
  return markSpeech(ctx, spoken, { who: await voiceOwnerName(ctx, userId), label: profile.voiceName }, profile.provider ?? "unknown");
}
