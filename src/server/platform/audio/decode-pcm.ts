import type { Storage } from "../storage/storage";
import { StreamingResampler } from "./resampler";
import { WebmOpusAnalyzer } from "./webm-opus";

/**
 * A stored WebM/Opus recording decoded to mono 16-bit PCM at `rate` (16 kHz for speech recognition), at most
 * `maxSeconds` of it: the first channel, resampled with the voice engine's anti-aliasing resampler.
 */
export async function decodeToPcm(storage: Storage, key: string, rate: number, maxSeconds: number): Promise<Int16Array> {
  const limit = Math.floor(rate * maxSeconds);
  const out = new Int16Array(limit);
  let length = 0;
  const resampler = new StreamingResampler(rate);
  const analyzer = new WebmOpusAnalyzer({
    onSamples: (samples, sampleRate) =>
      resampler.push(samples, sampleRate, (sample) => {
        if (length < limit) out[length++] = Math.round(Math.max(-1, Math.min(1, sample)) * 32767);
      }),
  });
  const stored = await storage.read(key);
  if (!stored) throw new Error("The recording's file is missing.");
  // Damaged past some point, or read only in part (the limit reached, which the analyser reports as truncated): what
  // was decoded before is real. Damaged from the start, or decoding to nothing, it was not audio.
  let failure: unknown = null;
  try {
    for await (const chunk of stored.stream) {
      await analyzer.push(chunk as Buffer);
      if (length >= limit) break;
    }
  } catch (error) {
    failure = error;
  }
  try {
    analyzer.finish(); // also frees the Opus decoder
  } catch (error) {
    failure ??= error;
  }
  if (length === 0 && failure) throw failure;
  return out.subarray(0, length);
}
