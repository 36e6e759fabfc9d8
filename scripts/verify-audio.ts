// npm run verify:audio -- FILE
// Reads a WAV or MP3 file's AI marks (decisions 0030, 0047) against this installation's certificate (the one in
// DATA_DIR, or VOICE_MARK_CERT_FILE) and prints one line, names in quotes: 'Signed by this Mindprint installation: …',
// 'Signed by another signer, "…", not this installation. …', 'A mark that is not signed: anyone could have written
// this. …', or 'No AI mark.' Exit codes: 0 read (whatever it says), 1 not a WAV or MP3 or unreadable, 2 usage.
import fs from "node:fs";
import { loadConfig } from "../src/server/config";
import { markCertificate } from "../src/server/features/voice/mark-certificate";
import { markVerdict } from "../src/server/features/voice/verify-mark";

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  console.error("usage: npm run verify:audio -- FILE");
  process.exit(2);
}
let bytes: Buffer;
try {
  bytes = fs.readFileSync(file);
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(1);
}
const verdict = await markVerdict(bytes, (await markCertificate({ config: loadConfig() })).pem);
if (!verdict) {
  console.error(`${file}: not a WAV or MP3 file`);
  process.exit(1);
}
console.log(verdict.summary);
