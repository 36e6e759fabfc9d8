import { measureRecordings, VoiceFeatureMeter } from "../../platform/audio/voice-features";
import { speakerSimilarity } from "../../platform/audio/voice-similarity";
import { readPcmWav } from "../../platform/audio/wav-read";
import type { Storage } from "../../platform/storage/storage";
import type { VoiceEngine } from "../../providers/voice/voice-engine";

/**
 * What the trained clone reads to be measured: none of the engine's calibration passage, so the figure is not taken
 * on the words the engine was fitted with.
 */
export const SIMILARITY_PASSAGE =
  "My father worked at the mill for thirty years. Every evening he came home tired, but he always had a story for us at dinner. " +
  "Those stories are what I remember most about him.";

/**
 * The clone's speaker similarity to its owner (docs/formulas.md, "Voice clone similarity"): the clone reads a passage,
 * and its speech and the owner's recordings are measured the same way and compared. Null when it cannot be measured
 * here: an engine whose audio this server does not decode (ElevenLabs answers MP3, and every measurement would spend
 * the person's characters there), or speech without a voice in it.
 */
export async function measureCloneSimilarity(
  engine: VoiceEngine,
  voice: { voiceId: string; settings: unknown },
  recordings: { storageKey: string }[],
  storage: Storage,
): Promise<number | null> {
  if (engine.provider !== "local") return null;
  const spoken = await engine.speak(voice, SIMILARITY_PASSAGE);
  const wav = spoken.contentType === "audio/wav" ? readPcmWav(spoken.audio) : null;
  if (!wav) return null;
  const meter = new VoiceFeatureMeter();
  meter.add(wav.samples, wav.sampleRate);
  const owner = await measureRecordings(
    storage,
    recordings.map((r) => r.storageKey),
  );
  const similarity = speakerSimilarity(owner, meter.finish());
  return similarity === null ? null : Math.round(similarity * 1000) / 1000;
}
