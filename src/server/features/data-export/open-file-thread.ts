import { parentPort, workerData } from "node:worker_threads";
import { IMPORT_FILE_MAX_BYTES } from "../../../contract";
import { decipherExport, DamagedFileError } from "./encryption";
import { isEncrypted, parseDocument, readEnvelope, readPlainExport, type FileReading } from "./export-file-check";

/**
 * Reads an import's file off the event loop (open-file.ts): parsing and checking tens of megabytes of JSON is
 * seconds of CPU and hundreds of megabytes. Without a key it answers the plain export, or an encrypted file's
 * header (the key is derived on the main thread, behind the key-derivation gate); with one, the decrypted export.
 */
function read(text: string, key: Uint8Array | undefined): FileReading {
  if (text.length > IMPORT_FILE_MAX_BYTES) return { kind: "refused", reason: "tooLarge" };
  if (!key) {
    // Only an encrypted file is parsed twice (here, then with the key), so no state is kept between the two threads.
    const document = parseDocument(text);
    if (!isEncrypted(document)) return readPlainExport(document, Buffer.byteLength(text));
    const envelope = readEnvelope(document);
    if (!envelope) return { kind: "refused", reason: "damaged" };
    const { ciphertext: _ciphertext, ...header } = envelope;
    return { kind: "encrypted", envelope: header };
  }
  const envelope = readEnvelope(parseDocument(text));
  if (!envelope) return { kind: "refused", reason: "damaged" };
  try {
    const plain = decipherExport(envelope, Buffer.from(key));
    return readPlainExport(parseDocument(plain), Buffer.byteLength(plain));
  } catch (error) {
    if (error instanceof DamagedFileError) return { kind: "refused", reason: "damaged" };
    throw error;
  }
}

const { text, key } = workerData as { text: string; key?: Uint8Array };
parentPort?.postMessage(read(text, key));
