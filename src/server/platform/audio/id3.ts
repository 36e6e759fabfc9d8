import { TRAINED_ALGORITHMIC_MEDIA } from "./provenance-xmp";

/** One ID3v2.3/2.4 frame as stored: its id, its flags and its body, copied verbatim when a tag is rewritten. */
export interface Id3Frame {
  id: string;
  flags: [number, number];
  body: Uint8Array;
}

/** The TXXX description our mark uses next to the XMP, for readers that show ID3 text frames only. */
export const MARK_TEXT_DESCRIPTION = "DigitalSourceType";

const syncsafe = (b: Uint8Array, at: number) => ((b[at]! & 0x7f) << 21) | ((b[at + 1]! & 0x7f) << 14) | ((b[at + 2]! & 0x7f) << 7) | (b[at + 3]! & 0x7f);

/**
 * The frames of the ID3v2 tag at the start of the bytes, and where the audio begins; null when there is none or it is
 * one we do not rewrite (ID3v2.2, unsynchronised, with an extended header). Frames cut short by the end of the buffer
 * (a file's first bytes only) end the walk.
 */
export function readId3Frames(bytes: Uint8Array): { version: 3 | 4; frames: Id3Frame[]; end: number } | null {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return null;
  const version = bytes[3];
  const flags = bytes[5]!;
  if ((version !== 3 && version !== 4) || flags & 0xc0) return null;
  const end = 10 + syncsafe(bytes, 6) + (flags & 0x10 ? 10 : 0);
  const frames: Id3Frame[] = [];
  const limit = Math.min(bytes.length, 10 + syncsafe(bytes, 6));
  for (let at = 10; at + 10 <= limit && frames.length < 1000; ) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    if (!/^[A-Z0-9]{4}$/.test(id)) break; // padding
    const size = version === 4 ? syncsafe(bytes, at + 4) : new DataView(bytes.buffer, bytes.byteOffset + at + 4, 4).getUint32(0);
    if (at + 10 + size > limit) break;
    frames.push({ id, flags: [bytes[at + 8]!, bytes[at + 9]!], body: bytes.subarray(at + 10, at + 10 + size) });
    at += 10 + size;
  }
  return { version, frames, end: Math.min(end, bytes.length) };
}

/** The description of a TXXX frame in ISO-8859-1 or UTF-8 (the encodings we write); null otherwise. */
export function txxxDescription(frame: Id3Frame): string | null {
  if (frame.id !== "TXXX" || frame.body.length < 2 || (frame.body[0] !== 0 && frame.body[0] !== 3)) return null;
  const end = frame.body.indexOf(0, 1);
  return new TextDecoder(frame.body[0] === 3 ? "utf-8" : "latin1").decode(frame.body.subarray(1, end < 0 ? undefined : end));
}

/** Our mark's frames: the XMP packet as PRIV "XMP" (what exiftool reads as XMP) and the source type as TXXX. */
export function id3Frames(xmp: Uint8Array): Id3Frame[] {
  const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
  const priv = new Uint8Array(4 + xmp.length);
  priv.set(latin1("XMP\0"), 0);
  priv.set(xmp, 4);
  const text = latin1(`\0${MARK_TEXT_DESCRIPTION}\0${TRAINED_ALGORITHMIC_MEDIA}`);
  return [
    { id: "PRIV", flags: [0, 0], body: priv },
    { id: "TXXX", flags: [0, 0], body: text },
  ];
}

/** An ID3v2 tag of the given version holding the frames (sizes syncsafe in 2.4, plain in 2.3). */
export function id3Tag(version: 3 | 4, frames: Id3Frame[]): Uint8Array {
  const size = frames.reduce((n, f) => n + 10 + f.body.length, 0);
  const out = new Uint8Array(10 + size);
  const view = new DataView(out.buffer);
  const putSyncsafe = (at: number, value: number) => {
    out[at] = (value >>> 21) & 0x7f;
    out[at + 1] = (value >>> 14) & 0x7f;
    out[at + 2] = (value >>> 7) & 0x7f;
    out[at + 3] = value & 0x7f;
  };
  out.set([0x49, 0x44, 0x33, version, 0, 0], 0);
  putSyncsafe(6, size);
  let at = 10;
  for (const frame of frames) {
    out.set(Uint8Array.from(frame.id, (c) => c.charCodeAt(0)), at);
    if (version === 4) putSyncsafe(at + 4, frame.body.length);
    else view.setUint32(at + 4, frame.body.length);
    out.set(frame.flags, at + 8);
    out.set(frame.body, at + 10);
    at += 10 + frame.body.length;
  }
  return out;
}
