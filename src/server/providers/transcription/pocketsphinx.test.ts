import { describe, expect, it } from "vitest";
import { synthesizeOnThisThread } from "../voice/espeak-synthesis";
import { createPocketsphinxTranscriber, pocketsphinxInstalled, POCKETSPHINX_DEFAULT_BIN } from "./pocketsphinx";
import { TranscriptionError } from "./transcriber";

// The offline engine on speech whose words are known: espeak-ng (the local voice engine) says a sentence, resampled to
// 16 kHz, and Debian's PocketSphinx transcribes it. `.ci/run` installs the engine; `npm test` elsewhere needs
// `apt-get install pocketsphinx pocketsphinx-en-us` (README).
async function spoken(text: string): Promise<Int16Array> {
  const { samples, sampleRate } = await synthesizeOnThisThread(text, { voice: "en-us", pitch: 50, range: 50, rate: 150 });
  const ratio = sampleRate / 16_000;
  const out = new Int16Array(Math.floor(samples.length / ratio));
  // espeak's output has little above 5 kHz, so picking samples (no low-pass) does not fold much back.
  for (let i = 0; i < out.length; i++) out[i] = samples[Math.floor(i * ratio)]!;
  return out;
}
const audioOf = (pcm: Int16Array) => ({ webm: () => Promise.reject(new Error("not used")), pcm16k: async () => pcm });

describe("the offline transcriber (PocketSphinx)", () => {
  it("is installed here", () => {
    expect(pocketsphinxInstalled(), `${POCKETSPHINX_DEFAULT_BIN} and its English model (apt-get install pocketsphinx pocketsphinx-en-us)`).toBe(true);
  });

  it("hears words of a spoken sentence", { timeout: 60_000 }, async () => {
    const transcriber = createPocketsphinxTranscriber({ timeoutMs: 60_000 });
    const text = await transcriber.transcribe(audioOf(await spoken("my grandmother baked bread every sunday morning in the small kitchen")));
    expect(text).toContain("my grandmother");
  });

  it("hears nothing in silence", { timeout: 60_000 }, async () => {
    const transcriber = createPocketsphinxTranscriber({ timeoutMs: 60_000 });
    expect(await transcriber.transcribe(audioOf(new Int16Array(16_000 * 2)))).toBe("");
  });

  it("says so when the engine cannot run", async () => {
    const transcriber = createPocketsphinxTranscriber({ bin: "/nonexistent/pocketsphinx_continuous", timeoutMs: 5_000 });
    await expect(transcriber.transcribe(audioOf(new Int16Array(1600)))).rejects.toBeInstanceOf(TranscriptionError);
  });
});
