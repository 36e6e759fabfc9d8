import { synthesizeOnThisThread } from "../voice/espeak-synthesis";
import type { TranscriptionAudio } from "./transcriber";

/** A sentence said by espeak-ng (the local voice engine), resampled to 16 kHz: speech whose words are known. */
export async function spoken(text: string, rate = 150): Promise<Int16Array> {
  const { samples, sampleRate } = await synthesizeOnThisThread(text, { voice: "en-us", pitch: 50, range: 50, rate });
  const ratio = sampleRate / 16_000;
  const out = new Int16Array(Math.floor(samples.length / ratio));
  // espeak's output has little above 5 kHz, so picking samples (no low-pass) does not fold much back.
  for (let i = 0; i < out.length; i++) out[i] = samples[Math.floor(i * ratio)]!;
  return out;
}

export const audioOf = (pcm: Int16Array): TranscriptionAudio => ({ webm: () => Promise.reject(new Error("not used")), pcm16k: async () => pcm });
