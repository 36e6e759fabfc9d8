import { buffer } from "node:stream/consumers";
import type { Config } from "../../config";
import { createElevenLabsClient, ElevenLabsError, type ElevenLabsClient } from "./elevenlabs";
import { VoiceEngineError, type VoiceEngine } from "./voice-engine";

/** ElevenLabs advises one to three minutes of clean audio; more does not help, so no more is sent. */
const MAX_SECONDS_SENT = 180;
const MAX_FILES_SENT = 25;

const asEngineError = (error: unknown) =>
  error instanceof ElevenLabsError ? new VoiceEngineError(error.message, error.kind === "busy" || error.kind === "unavailable") : error;

/** Instant voice clone and text to speech at ElevenLabs, with the owner's own recordings. */
export function createElevenLabsEngine(config: Config, client?: ElevenLabsClient): VoiceEngine {
  const api =
    client ?? createElevenLabsClient({ apiKey: config.ELEVENLABS_API_KEY ?? "", baseUrl: config.ELEVENLABS_BASE_URL, timeoutMs: config.ELEVENLABS_TIMEOUT_MS });
  return {
    provider: "elevenlabs",
    approximation: false,
    description: "Your recordings are sent to ElevenLabs, which builds an instant neural clone of your voice. Deleting the clone here deletes it at ElevenLabs too.",
    async train({ name, description, recordings, storage }) {
      const files = [];
      let seconds = 0;
      for (const recording of recordings) {
        if (seconds >= MAX_SECONDS_SENT || files.length >= MAX_FILES_SENT) break;
        const read = await storage.read(recording.storageKey);
        if (!read) continue;
        files.push({ filename: recording.filename, contentType: "audio/webm", bytes: new Uint8Array(await buffer(read.stream)) });
        seconds += recording.durationSeconds;
      }
      if (files.length === 0) throw new VoiceEngineError("The recordings for this voice could not be read.", false);
      try {
        const voiceId = await api.addVoice({ name, description, files });
        return { voiceId, settings: null, similarity: null };
      } catch (error) {
        throw asEngineError(error);
      }
    },
    async speak(voice, text) {
      try {
        return await api.textToSpeech(voice.voiceId, text, config.ELEVENLABS_MODEL);
      } catch (error) {
        throw asEngineError(error);
      }
    },
    async remove(voiceId) {
      try {
        await api.deleteVoice(voiceId);
      } catch (error) {
        throw asEngineError(error);
      }
    },
  };
}
