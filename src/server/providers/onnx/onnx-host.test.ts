import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMiniLmEmbedder } from "../embeddings";
import { audioOf, spoken } from "../transcription/test-speech";
import { createWhisperTranscriber } from "../transcription/whisper/whisper";

// onnxruntime-node used from two threads of one process aborts the process (the encoder in a thread of its own and a
// consent check's Whisper on the main thread did, decision 0049): both now run in the process's one ONNX thread.
const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), "mindprint-onnx-test-"));
afterAll(() => fs.rm(cacheDir, { recursive: true, force: true }));

describe("the process's one ONNX thread", () => {
  it("runs the sentence encoder and Whisper side by side, again and again, in one process", { timeout: 180_000 }, async () => {
    const embedder = createMiniLmEmbedder();
    const whisper = createWhisperTranscriber({ cacheDir, idleMs: 50 });
    const pcm = await spoken("My grandmother baked bread every Sunday morning.");
    for (let round = 0; round < 3; round++) {
      const [vectors, text] = await Promise.all([embedder.embed(["the sea at dawn", "bread on Sundays"], "query"), whisper.transcribe(audioOf(pcm))]);
      expect(vectors).toHaveLength(2);
      // The same meaning is nearer than another: the vectors are the encoder's, not zeros.
      const [sea, bread] = vectors;
      const [again] = await embedder.embed(["baking bread each Sunday"], "background");
      const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);
      expect(dot(again!, bread!)).toBeGreaterThan(dot(again!, sea!));
      // Whisper heard the sentence (its words, not a guess). Not every word: on one AMD EPYC its greedy decoding heard
      // "baked bread" as "make rent", where other processors' arithmetic hears it right.
      expect(text.toLowerCase()).toContain("every sunday morning");
      // Let Whisper's idle release run between rounds: a released session is made again on the thread.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
