import type { Config } from "../../config";
import { createOpenAiTranscriber } from "./openai-compatible";
import { createPocketsphinxTranscriber, pocketsphinxInstalled } from "./pocketsphinx";
import type { Transcriber } from "./transcriber";

/**
 * The transcriber TRANSCRIBE_PROVIDER names: `openai-compatible`, `pocketsphinx`, `off`, or `auto` (the default:
 * PocketSphinx when Debian's package is installed, otherwise none). Null means transcription is not set up.
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
  const installed = pocketsphinxInstalled(config.POCKETSPHINX_BIN);
  if (provider === "pocketsphinx" && !installed) throw new Error(`TRANSCRIBE_PROVIDER=pocketsphinx, but ${config.POCKETSPHINX_BIN} or its English model is missing (Debian: apt-get install pocketsphinx pocketsphinx-en-us)`);
  return installed ? createPocketsphinxTranscriber({ bin: config.POCKETSPHINX_BIN, timeoutMs: config.TRANSCRIBE_TIMEOUT_MS }) : null;
}
