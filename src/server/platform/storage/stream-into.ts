import { createHash } from "node:crypto";
import type { PendingWrite } from "./storage";

/**
 * Streams an upload into a pending write, hashing it on the way and keeping its first `headBytes` (to tell what the
 * file is by its content). Nothing of the file is held in memory beyond the head. Errors of the stream are the
 * caller's to word.
 */
export async function streamInto(pending: PendingWrite, file: AsyncIterable<unknown>, headBytes: number): Promise<{ sha256: string; head: Buffer }> {
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let kept = 0;
  for await (const chunk of file) {
    const piece = chunk as Buffer;
    if (kept < headBytes) {
      const part = piece.subarray(0, headBytes - kept);
      head.push(part);
      kept += part.length;
    }
    hash.update(piece);
    await pending.write(piece);
  }
  return { sha256: hash.digest("hex"), head: Buffer.concat(head) };
}
