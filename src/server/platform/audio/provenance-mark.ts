import { readXmpMark, xmpPacket, type AudioMark } from "./provenance-xmp";
import { id3Frames, id3Tag, MARK_TEXT_DESCRIPTION, readId3Frames, txxxDescription, type Id3Frame } from "./id3";

export { TRAINED_ALGORITHMIC_MEDIA, type AudioMark } from "./provenance-xmp";

/** The two kinds of file our voice engines speak: WAV (the offline engine) and MP3 (ElevenLabs). */
export type MarkableFormat = "wav" | "mp3";

export interface MarkDetails {
  /** The person whose voice the clone imitates, by the name they stated in their recorded consent (SECURITY.md 51). */
  who: string;
  /** The voice's own name, free text its owner chose: marked as their label, never as whose voice it is. */
  label?: string | null;
  madeAt: Date;
  /** Which engine spoke it ("local", "elevenlabs"). */
  engine: string;
}

/** What a file is by its first bytes: RIFF/WAVE, or MP3 (an ID3v2 tag or an MPEG audio frame sync); null otherwise. */
export function audioFormatOf(bytes: Uint8Array): MarkableFormat | null {
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") return "wav";
  if (bytes.length >= 10 && ascii(bytes, 0, 3) === "ID3") return "mp3";
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return "mp3";
  return null;
}

/**
 * Returns the file with a machine-readable mark that it is AI-generated speech (IPTC digital source type
 * trainedAlgorithmicMedia in XMP, decision 0030): in a WAV as a `_PMX` chunk before the samples, in an MP3 as an ID3v2
 * tag at the start (PRIV "XMP" plus a TXXX frame). Both sit in the file's first bytes, so a player or a stream gets the
 * mark before the sound. A mark already there is replaced, never doubled.
 */
export function mark(bytes: Uint8Array, format: MarkableFormat, details: MarkDetails): Uint8Array {
  const xmp = new TextEncoder().encode(xmpPacket(details));
  return format === "wav" ? markWav(bytes, xmp) : markMp3(bytes, xmp);
}

/** The AI mark a WAV or MP3 carries, read from its first bytes; null when it has none (or is neither). */
export function readMark(bytes: Uint8Array): AudioMark | null {
  const format = audioFormatOf(bytes);
  if (format === "wav") {
    const chunk = wavChunks(bytes).find((c) => c.id === "_PMX");
    return chunk ? readXmpMark(bytes.subarray(chunk.start + 8, chunk.start + 8 + chunk.size)) : null;
  }
  if (format === "mp3") {
    const xmp = readId3Frames(bytes)?.frames.find(isXmpFrame);
    return xmp ? readXmpMark(xmp.body.subarray(4)) : null;
  }
  return null;
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

interface WavChunk {
  id: string;
  start: number;
  size: number;
}

/** The RIFF chunks present in the bytes (a chunk cut short by the end of the buffer ends the walk). */
function wavChunks(bytes: Uint8Array): WavChunk[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: WavChunk[] = [];
  for (let offset = 12; offset + 8 <= bytes.length && chunks.length < 1000; ) {
    const size = view.getUint32(offset + 4, true);
    chunks.push({ id: ascii(bytes, offset, 4), start: offset, size });
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

function markWav(bytes: Uint8Array, xmp: Uint8Array): Uint8Array {
  if (audioFormatOf(bytes) !== "wav") throw new Error("Not a WAV file.");
  const chunks = wavChunks(bytes);
  const data = chunks.find((c) => c.id === "data");
  // Everything before the samples except an earlier mark, then ours, then the samples and whatever follows as they are.
  const cut = data ? data.start : bytes.length;
  const head = chunks.filter((c) => c.start < cut && c.id !== "_PMX").map((c) => bytes.subarray(c.start, Math.min(cut, c.start + 8 + c.size + (c.size % 2))));
  const pad = xmp.length % 2;
  const ours = new Uint8Array(8 + xmp.length + pad);
  ours.set(new TextEncoder().encode("_PMX"), 0);
  new DataView(ours.buffer).setUint32(4, xmp.length, true);
  ours.set(xmp, 8);
  const parts = [bytes.subarray(0, 12), ...head, ours, bytes.subarray(cut)];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  new DataView(out.buffer).setUint32(4, Math.min(0xffffffff, out.length - 8), true);
  return out;
}

const isXmpFrame = (frame: Id3Frame) => frame.id === "PRIV" && frame.body.length >= 4 && ascii(frame.body, 0, 4) === "XMP\0";
const isOurText = (frame: Id3Frame) => txxxDescription(frame) === MARK_TEXT_DESCRIPTION;

function markMp3(bytes: Uint8Array, xmp: Uint8Array): Uint8Array {
  if (audioFormatOf(bytes) !== "mp3") throw new Error("Not an MP3 file.");
  // An existing tag we can read keeps its frames (minus an earlier mark); one we cannot (unsynchronised, ID3v2.2) is
  // replaced, since a second tag after it would go unread.
  const existing = readId3Frames(bytes);
  const version = existing?.version ?? 4;
  const kept = existing?.frames.filter((f) => !isXmpFrame(f) && !isOurText(f)) ?? [];
  const ours = id3Frames(xmp);
  const tag = id3Tag(version, [...ours, ...kept]);
  const audio = bytes.subarray(existing ? existing.end : skipUnreadableTag(bytes));
  const out = new Uint8Array(tag.length + audio.length);
  out.set(tag, 0);
  out.set(audio, tag.length);
  return out;
}

/** Where the audio starts after an ID3v2 tag we could not read (its size is in the header either way). */
function skipUnreadableTag(bytes: Uint8Array): number {
  if (ascii(bytes, 0, 3) !== "ID3" || bytes.length < 10) return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return Math.min(bytes.length, 10 + size + footer);
}
