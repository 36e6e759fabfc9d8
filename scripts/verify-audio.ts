// npm run verify:audio -- FILE
// Reads a WAV or MP3 file's AI mark (decision 0030) and prints one line: "made by Mindprint's AI voice of Nell on
// 2026-11-26", or "no AI mark". Exit codes: 0 read (marked or not), 1 not a WAV or MP3 or unreadable, 2 usage.
import fs from "node:fs";
import { MARK_HEAD_BYTES, markVerdict } from "../src/server/features/voice/verify-mark";

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  console.error("usage: npm run verify:audio -- FILE");
  process.exit(2);
}
let head: Buffer;
try {
  const fd = fs.openSync(file, "r");
  head = Buffer.alloc(MARK_HEAD_BYTES);
  head = head.subarray(0, fs.readSync(fd, head, 0, MARK_HEAD_BYTES, 0));
  fs.closeSync(fd);
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(1);
}
const verdict = markVerdict(head);
if (!verdict) {
  console.error(`${file}: not a WAV or MP3 file`);
  process.exit(1);
}
console.log(verdict.summary);
