import { describe, expect, it } from "vitest";
import { encodeWav } from "../../providers/voice/wav";
import { id3Tag, readId3Frames } from "./id3";
import { audioFormatOf, mark, readMark, TRAINED_ALGORITHMIC_MEDIA } from "./provenance-mark";

const details = { who: 'Nell "Nan" <O\'Brien> & Zoë', madeAt: new Date("2026-11-26T10:00:00Z"), engine: "local" };
const wav = encodeWav(Int16Array.from({ length: 4000 }, (_, i) => Math.round(6000 * Math.sin(i / 7))), 22050);
const frame = Uint8Array.from([0xff, 0xfb, 0x90, 0x64, ...new Array<number>(413).fill(0x55)]);
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe("the AI mark", () => {
  it("goes into a WAV before the samples, reads back with any name, and replaces rather than doubles", () => {
    const once = mark(wav, "wav", details);
    const twice = mark(once, "wav", details);
    expect(twice).toEqual(once);
    const text = Buffer.from(once).toString("latin1");
    expect(text.indexOf("_PMX")).toBeLessThan(text.indexOf("data"));
    expect(new DataView(once.buffer).getUint32(4, true)).toBe(once.length - 8);
    expect(Buffer.from(once.subarray(once.length - 8000)).equals(Buffer.from(wav.subarray(44)))).toBe(true); // samples untouched
    expect(readMark(once)).toEqual({ aiGenerated: true, sourceType: TRAINED_ALGORITHMIC_MEDIA, madeBy: "Mindprint", about: details.who, label: null, madeAt: "2026-11-26T10:00:00.000Z", engine: "local" });
    // The voice's own name, free text its owner chose, travels as a label of its own, never as whose voice it is.
    const labelled = mark(wav, "wav", { ...details, label: "Taylor <official>" });
    expect(readMark(labelled)).toMatchObject({ about: details.who, label: "Taylor <official>" });
    // The first kilobytes are enough: a stream's first chunk carries it.
    expect(readMark(once.subarray(0, 2048))?.about).toBe(details.who);
    expect(readMark(wav)).toBeNull();
  });

  it("goes into an MP3's ID3 tag, keeping the frames of a tag already there (2.3 and 2.4)", () => {
    const bare = mark(frame, "mp3", details);
    expect(audioFormatOf(bare)).toBe("mp3");
    expect(Buffer.from(bare.subarray(bare.length - frame.length)).equals(Buffer.from(frame))).toBe(true);
    expect(readMark(bare)?.about).toBe(details.who);
    for (const version of [3, 4] as const) {
      const title = { id: "TIT2", flags: [0, 0] as [number, number], body: latin1("\0Sunday") };
      const tagged = new Uint8Array([...id3Tag(version, [title]), ...frame]);
      const marked = mark(mark(tagged, "mp3", details), "mp3", { ...details, who: "Ada" });
      const tag = readId3Frames(marked)!;
      expect(tag.version).toBe(version);
      expect(tag.frames.map((f) => f.id).sort()).toEqual(["PRIV", "TIT2", "TXXX"]);
      expect(readMark(marked)?.about).toBe("Ada");
      expect(Buffer.from(marked.subarray(tag.end)).equals(Buffer.from(frame))).toBe(true);
    }
  });

  it("reads nothing from what is not a marked WAV or MP3", () => {
    expect(audioFormatOf(latin1("hello world, no sound"))).toBeNull();
    expect(readMark(latin1("hello world, no sound"))).toBeNull();
    expect(readMark(frame)).toBeNull();
    // Another maker's IPTC type that is not AI says so.
    const captured = mark(wav, "wav", details);
    const text = Buffer.from(captured).toString("latin1").replace("trainedAlgorithmicMedia", "digitalCapture\0\0\0\0\0\0\0\0\0");
    expect(readMark(latin1(text))?.aiGenerated).toBe(false);
  });
});
