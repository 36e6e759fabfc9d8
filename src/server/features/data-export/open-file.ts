import { exportMessages, type ConsciousnessExport } from "../../../contract";
import { createConcurrencyGate } from "../../platform/concurrency-gate";
import { AppError } from "../../platform/errors";
import { takeSlot } from "../../platform/gate-slot";
import { runOffThread, ThreadFailedError } from "../../platform/off-thread";
import { DamagedFileError, KdfBusyError, keyForExport, UnsupportedKdfError, WrongPassphraseError } from "./encryption";
import type { FileReading } from "./export-file-check";

// Reading a file at the size limit holds a few hundred megabytes in its thread: two at a time in this process (two
// cores), each capped, so a burst of crafted imports neither starves the event loop nor exhausts memory.
const fileThreads = createConcurrencyGate(2, 8);
const FILE_THREAD_HEAP_MB = 1024;
const THREAD = new URL("./open-file-thread.ts", import.meta.url);

const damaged = () => new AppError("import_damaged_file", exportMessages.damagedFile);

async function readInThread(text: string, key?: Buffer): Promise<FileReading> {
  const release = await takeSlot(() => fileThreads.acquire(), { full: { message: exportMessages.transferBusy, retryAfterSeconds: 10 } });
  try {
    return await runOffThread<FileReading>(THREAD, key ? { text, key: new Uint8Array(key) } : { text }, { maxOldGenerationSizeMb: FILE_THREAD_HEAP_MB });
  } catch (error) {
    if (error instanceof ThreadFailedError) throw damaged(); // more than any export needs: not one of ours
    throw error;
  } finally {
    release();
  }
}

function exportOf(reading: FileReading): ConsciousnessExport {
  if (reading.kind === "plain") return reading.export;
  if (reading.kind === "refused" && reading.reason === "tooLarge") throw new AppError("validation_failed", exportMessages.fileTooLarge, { fields: { file: exportMessages.fileTooLarge } });
  throw damaged();
}

/**
 * The export inside a file's text, decrypted when it is encrypted and checked against the contract, read in a thread
 * so that the event loop only ever sees a valid export (or a refusal). The key is derived here, behind the
 * key-derivation gate.
 */
export async function openExportFile(text: string, passphrase: string | undefined): Promise<ConsciousnessExport> {
  const reading = await readInThread(text);
  if (reading.kind !== "encrypted") return exportOf(reading);
  if (!passphrase) throw new AppError("validation_failed", exportMessages.passphraseNeeded, { fields: { passphrase: exportMessages.passphraseNeeded } });
  let key: Buffer;
  try {
    key = await keyForExport(reading.envelope, passphrase);
  } catch (error) {
    if (error instanceof WrongPassphraseError) throw new AppError("import_wrong_passphrase", exportMessages.wrongPassphrase);
    if (error instanceof DamagedFileError) throw damaged();
    if (error instanceof UnsupportedKdfError) throw new AppError("import_damaged_file", exportMessages.unsupportedEncryption);
    if (error instanceof KdfBusyError) throw new AppError("rate_limited", exportMessages.encryptionBusy, { retryAfterSeconds: 5 });
    throw error;
  }
  return exportOf(await readInThread(text, key));
}
