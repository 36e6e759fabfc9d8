import { measureRecordings, type VoiceFeatures } from "../../platform/audio/voice-features";
import { speakerSimilarity } from "../../platform/audio/voice-similarity";
import type { Storage } from "../../platform/storage/storage";

/**
 * A clone is trained only from the voice that read its consent (issue 57, SECURITY.md 51): the consent recording and
 * the training recordings are measured the same way and compared by speaker similarity (platform/audio/voice-similarity.ts,
 * docs/formulas.md "Consent voice match"). Below this, the recordings are taken to be someone else's. Fitted by
 * `npm run calibrate:consent-voice` on eval:consent's readers (the midpoint between the least alike readings of one
 * speaker and the most alike of two; decision 0050 has the figures).
 */
export const CONSENT_VOICE_MATCH = 0.3;

/** The training recordings' speaker similarity to the consent recording, 0..1; null when either has no voiced speech. */
export async function consentVoiceSimilarity(storage: Storage, consentKey: string, trainingKeys: string[]): Promise<number | null> {
  const consent: VoiceFeatures = await measureRecordings(storage, [consentKey]);
  const training = await measureRecordings(storage, trainingKeys);
  return speakerSimilarity(consent, training);
}
