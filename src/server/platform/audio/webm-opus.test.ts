import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inPlaceDecoder, InvalidAudioError, WebmOpusAnalyzer } from "./webm-opus";

// 4.5 s of synthesized speech and 5 s of a 440 Hz tone, as WebM/Opus (scripts/make-audio-fixtures.ts).
const fixture = fs.readFileSync(path.join(import.meta.dirname, "fixtures/spoken-4.5s.webm"));
const tone = fs.readFileSync(path.join(import.meta.dirname, "fixtures/tone-5s.webm"));

async function analyse(bytes: Buffer, pieceSize = 4096) {
  const analyzer = new WebmOpusAnalyzer();
  for (let i = 0; i < bytes.length; i += pieceSize) await analyzer.push(bytes.subarray(i, i + pieceSize));
  return analyzer.finish();
}

describe("WebM/Opus analysis", () => {
  it("computes the true duration from the decoded audio, whatever size the pieces arrive in", async () => {
    for (const pieceSize of [997, 4096, 65_536]) {
      const result = await analyse(fixture, pieceSize);
      expect(result.durationSeconds).toBeCloseTo(4.5, 1);
      expect(result.channels).toBe(1);
    }
  });

  it("measures level, noise floor and clipping and rates the session from them", async () => {
    const result = await analyse(fixture);
    expect(result.levelDbfs).toBeLessThan(-3);
    expect(result.levelDbfs).toBeGreaterThan(-30);
    expect(result.clippedRatio).toBe(0);
    expect(["Excellent", "Good", "Fair", "Poor"]).toContain(result.quality.label);
    expect(result.quality.reason.length).toBeGreaterThan(10);
    expect(result.speechSeconds).toBeGreaterThan(3);
  });

  it("rates a clean, loud tone \"No speech detected\", not Excellent", async () => {
    const result = await analyse(tone);
    expect(result.durationSeconds).toBeCloseTo(5, 1);
    expect(result.levelDbfs).toBeGreaterThan(-20);
    expect(result.speechSeconds).toBe(0);
    expect(result.quality).toEqual({ label: "No speech detected", reason: expect.stringMatching(/tone, music or noise.*does not count toward training/) });
  });

  it("refuses a file that is not WebM", async () => {
    const wav = Buffer.concat([Buffer.from("RIFF\u0024\u0000\u0000\u0000WAVEfmt ", "latin1"), Buffer.alloc(64)]);
    await expect(analyse(wav)).rejects.toThrow(InvalidAudioError);
    await expect(analyse(Buffer.from("hello, this is text"))).rejects.toThrow(InvalidAudioError);
  });

  it("refuses a truncated upload", async () => {
    await expect(analyse(fixture.subarray(0, Math.floor(fixture.length * 0.6) + 3))).rejects.toThrow(/truncated/);
  });
});

describe("in-place Opus decoding", () => {
  it("is available with the pinned opus-decoder and gives the same samples as its copying decodeFrame", async () => {
    const { Decoder, tools } = await import("ts-ebml");
    const { OpusDecoder } = await import("opus-decoder");
    const elements = new Decoder().decode(fixture.buffer.slice(fixture.byteOffset, fixture.byteOffset + fixture.length) as ArrayBuffer);
    const block = elements.find((e) => e.name === "SimpleBlock") as unknown as { data: Buffer };
    const frame = new Uint8Array(tools.ebmlBlock(block.data).frames[0]!);
    const copying = new OpusDecoder({ channels: 1 });
    const inPlace = new OpusDecoder({ channels: 1 });
    await Promise.all([copying.ready, inPlace.ready]);
    const fast = inPlaceDecoder(inPlace);
    // Null here means opus-decoder's internals changed: uploads would fall back to the slower, allocating path.
    expect(fast).not.toBeNull();
    const expected = copying.decodeFrame(frame);
    const samples = fast!.decode(frame);
    expect(samples).toBe(expected.samplesDecoded);
    expect(Array.from(fast!.firstChannel(samples))).toEqual(Array.from(expected.channelData[0]!.subarray(0, samples)));
    copying.free();
    inPlace.free();
  });
});
