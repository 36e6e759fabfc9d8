import type { FastifyReply } from "fastify";
import type { AppError } from "../errors";
import type { Storage } from "./storage";

/** Parses `Range: bytes=a-b` (one range) against a size; null when absent, "invalid" when unsatisfiable. */
export function parseByteRange(header: string | undefined, size: number): { start: number; end: number } | null | "invalid" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "invalid";
  let start = match[1] === "" ? size - Number(match[2]) : Number(match[1]);
  let end = match[1] === "" || match[2] === "" ? size - 1 : Number(match[2]);
  start = Math.max(0, start);
  end = Math.min(size - 1, end);
  return start > end || start >= size ? "invalid" : { start, end };
}

/**
 * Streams a stored WebM recording to a reader the caller has already admitted: whole, or the one range asked for (206),
 * inline under a fixed name and never cached (SECURITY.md 20, 25). A file gone from storage is `notFound`.
 */
export async function sendStoredAudio(reply: FastifyReply, storage: Storage, found: { storageKey: string; filename: string }, rangeHeader: string | undefined, notFound: () => AppError) {
  const size = await storage.size(found.storageKey);
  if (size === null) throw notFound();
  const range = parseByteRange(rangeHeader, size);
  reply
    .header("accept-ranges", "bytes")
    .header("content-type", "audio/webm")
    .header("cache-control", "private, no-store")
    .header("content-disposition", `inline; filename="${found.filename}"`);
  if (range === "invalid") return reply.status(416).header("content-range", `bytes */${size}`).send();
  const read = await storage.read(found.storageKey, range ?? undefined);
  if (!read) throw notFound();
  if (range) reply.status(206).header("content-range", `bytes ${range.start}-${range.end}/${size}`).header("content-length", String(range.end - range.start + 1));
  else reply.header("content-length", String(size));
  return reply.send(read.stream);
}
