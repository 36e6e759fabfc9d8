import fs from "node:fs";
import path from "node:path";
import { Decoder } from "ts-ebml";

/** The 4.5-s speech fixture the longer recordings are made of (scripts/make-audio-fixtures.ts). */
export const SPEECH_FIXTURE = path.resolve(import.meta.dirname, "../platform/audio/fixtures/spoken-4.5s.webm");

/**
 * A WebM/Opus file's header and the run of its clusters: the header followed by the clusters any number of times is a
 * valid, longer recording the server decodes in full (4.5 s of speech per repetition of the fixture).
 */
export function webmParts(file = SPEECH_FIXTURE): { head: Buffer; body: Buffer } {
  const source = fs.readFileSync(file);
  const elements = new Decoder().decode(source.buffer.slice(source.byteOffset, source.byteOffset + source.length) as ArrayBuffer);
  const clusters = elements.filter((e) => e.name === "Cluster" && !(e as { isEnd?: boolean }).isEnd) as Array<{ tagStart: number; dataEnd: number }>;
  const first = clusters[0]!;
  return { head: source.subarray(0, first.tagStart), body: source.subarray(first.tagStart, clusters.at(-1)!.dataEnd) };
}

/** The fixture repeated to at least `seconds` of audio (two repetitions at the least), in memory. */
export function repeatedWebm(seconds: number, file = SPEECH_FIXTURE): Buffer {
  const { head, body } = webmParts(file);
  return Buffer.concat([head, ...Array.from({ length: Math.max(2, Math.ceil(seconds / 4.5)) }, () => body)]);
}
