import { describe, expect, it } from "vitest";
import { createPocketsphinxTranscriber, pocketsphinxInstalled, POCKETSPHINX_DEFAULT_BIN } from "./pocketsphinx";
import { audioOf, spoken } from "./test-speech";
import { TranscriptionError } from "./transcriber";

// The offline engine on speech whose words are known (test-speech.ts), transcribed by Debian's PocketSphinx. `.ci/run`
// installs the engine; `npm test` elsewhere needs `apt-get install pocketsphinx pocketsphinx-en-us` (README).

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
