import type { Readable } from "node:stream";
import type { AudioMarkResponse } from "../../../contract/audio-mark";
import { audioMarkMessages } from "../../../contract/audio-mark";
import { audioFormatOf, describeMark, readMark } from "../../platform/audio/provenance-mark";
import { AppError } from "../../platform/errors";

/** Our marks sit in a file's first bytes (a WAV's chunks before the samples, an MP3's ID3 tag); this much is read. */
export const MARK_HEAD_BYTES = 1024 * 1024;

/** What a file's mark says, in the shape the command and the endpoint answer. */
export function markVerdict(bytes: Uint8Array): AudioMarkResponse | null {
  const format = audioFormatOf(bytes);
  if (!format) return null;
  const found = readMark(bytes);
  return {
    marked: found !== null,
    aiGenerated: found?.aiGenerated ?? false,
    sourceType: found?.sourceType ?? null,
    madeBy: found?.madeBy ?? null,
    about: found?.about ?? null,
    madeAt: found?.madeAt ?? null,
    engine: found?.engine ?? null,
    format,
    summary: describeMark(found),
  };
}

/**
 * Reads an uploaded file's AI mark: keeps its first MARK_HEAD_BYTES, lets the rest pass (up to the route's size limit),
 * and stores nothing, whoever made the file. Not a WAV or MP3 is a 400.
 */
export async function verifyUploadedAudio(upload: { file: Readable & { truncated?: boolean } }, maxMb: number, afterFile: () => Promise<void>): Promise<AudioMarkResponse> {
  const head: Buffer[] = [];
  let kept = 0;
  for await (const piece of upload.file as AsyncIterable<Buffer>) {
    if (kept < MARK_HEAD_BYTES) {
      const part = piece.subarray(0, MARK_HEAD_BYTES - kept);
      head.push(part);
      kept += part.length;
    }
  }
  if (upload.file.truncated) throw new AppError("payload_too_large", audioMarkMessages.tooLarge(maxMb));
  await afterFile();
  const verdict = markVerdict(Buffer.concat(head));
  if (!verdict) throw new AppError("validation_failed", audioMarkMessages.notAudio, { fields: { audio: audioMarkMessages.notAudio } });
  return verdict;
}
