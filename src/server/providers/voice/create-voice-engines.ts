import type { Config } from "../../config";
import { createElevenLabsEngine } from "./elevenlabs-engine";
import { createLocalVoiceEngine } from "./local-voice-engine";
import type { VoiceEngine } from "./voice-engine";

export interface VoiceEngines {
  /** The engine new clones are trained with (VOICE_PROVIDER). */
  current: VoiceEngine;
  /** The engine that holds an existing clone; null when that engine is not configured any more. */
  forProvider(provider: string | null): VoiceEngine | null;
}

/** The offline engine is always there (clones made with it keep speaking); ElevenLabs only with a key. */
export function createVoiceEngines(config: Config): VoiceEngines {
  const local = createLocalVoiceEngine();
  const elevenlabs = config.ELEVENLABS_API_KEY ? createElevenLabsEngine(config) : null;
  const current = config.VOICE_PROVIDER === "elevenlabs" && elevenlabs ? elevenlabs : local;
  return { current, forProvider: (provider) => (provider === "elevenlabs" ? elevenlabs : provider === "local" ? local : null) };
}
