import { measureRecordings } from "../../platform/audio/voice-features";
import { fitLocalVoice, synthesizeSpeech, type LocalVoiceSettings } from "./local-engine";
import { VoiceEngineError, type VoiceEngine } from "./voice-engine";

const isSettings = (value: unknown): value is LocalVoiceSettings =>
  typeof value === "object" && value !== null && ["pitch", "range", "rate"].every((k) => typeof (value as Record<string, unknown>)[k] === "number");

/**
 * The offline engine: espeak-ng (WebAssembly) with its pitch, pitch range and pace fitted to what was measured in the
 * owner's recordings. It sounds synthetic; the page says it is an approximation, and the similarity is measured.
 */
export function createLocalVoiceEngine(): VoiceEngine {
  return {
    provider: "local",
    approximation: true,
    description:
      "The offline engine runs on this server: it measures the pitch, pitch range and pace of your recordings and tunes a synthetic voice (espeak-ng) to match. It is an approximation, not a neural clone of your voice; nothing leaves the server.",
    async train({ recordings, storage }) {
      let fitted;
      try {
        const owner = await measureRecordings(
          storage,
          recordings.map((r) => r.storageKey),
        );
        fitted = await fitLocalVoice(owner);
      } catch (error) {
        throw new VoiceEngineError(error instanceof Error ? error.message : "The recordings could not be measured.", false);
      }
      const voiceId = `local_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
      return { voiceId, settings: { ...fitted.settings }, similarity: Math.round(fitted.similarity * 1000) / 1000 };
    },
    async speak(voice, text) {
      if (!isSettings(voice.settings)) throw new VoiceEngineError("This voice has no fitted settings; train it again.", false);
      const { wav } = await synthesizeSpeech(text, voice.settings);
      return { audio: wav, contentType: "audio/wav" };
    },
    async remove() {
      // The fitted settings live in the profile row; deleting the row deletes the voice.
    },
  };
}
