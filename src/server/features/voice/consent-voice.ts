import { measureRecordings, type VoiceFeatures } from "../../platform/audio/voice-features";
import { speakerSimilarity } from "../../platform/audio/voice-similarity";
import type { Storage } from "../../platform/storage/storage";

/**
 * A clone is trained only from the voice that read its consent (issue 57, SECURITY.md 51): the consent recording and
 * the training recordings are measured the same way and compared by speaker similarity (platform/audio/voice-similarity.ts,
 * docs/formulas.md "Consent voice match"). Below this, the recordings are taken to be someone else's. Fitted by
 * `npm run calibrate:consent-voice` on eval:consent's readers: the highest threshold that refuses at most 5 % of one
 * reader's own pairs (0.05 there, another speaker let through 0.064; held out 0.173 and 0.008).
 */
export const CONSENT_VOICE_MATCH = 0.45;

/**
 * The training recordings' speaker similarity to the consent recording, 0..1; null when either has no voiced speech
 * or cannot be read (files gone from storage): the caller refuses then, never trains on what it could not compare.
 */
export async function consentVoiceSimilarity(storage: Storage, consentKey: string, trainingKeys: string[]): Promise<number | null> {
  try {
    const consent: VoiceFeatures = await measureRecordings(storage, [consentKey]);
    const training = await measureRecordings(storage, trainingKeys);
    return speakerSimilarity(consent, training);
  } catch {
    return null;
  }
}
