import fs from "node:fs";
import type { BiometricFormat } from "../../db/schema";
import { NotHealthExportError } from "./apple-health-xml";
import { readAppleHealth } from "./apple-health";
import { safeErrorLine } from "../../platform/log-safe-error";
import { isZip, looksLikeText } from "./detect-export";
import { NotAZipError, singleFile, UnpacksTooLargeError, withZipFiles, type ExportFile } from "./export-files";
import { fitbitKindOf, isFitbitExport, readFitbit } from "./fitbit";
import type { Reading } from "./metrics";
import { ouraFiles, readOura } from "./oura";
import { ReaderBoundError } from "./reader-bounds";

/** The file is not an export we read (`reason` null), or is one that is damaged (`reason` says how). */
export class ExportUnreadableError extends Error {
  constructor(readonly reason: string | null) {
    super(reason ?? "not a health export");
  }
}

/** Thrown by a caller's callback to stop reading (the job lost its lease); passed through as it is. */
export class ReadingStopped extends Error {}

export interface ExportReadResult {
  format: BiometricFormat;
  /** Records (rows, elements) read, and readings kept from them. */
  records: number;
  kept: number;
}

async function head(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Runs a reader over files with progress as the share of their bytes read. */
async function withByteProgress<T>(files: ExportFile[], onProgress: (share: number) => void, read: (onBytes: (bytes: number) => void) => Promise<T>): Promise<T> {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  let done = 0;
  return read((bytes) => {
    done += bytes;
    if (total > 0) onProgress(Math.min(1, done / total));
  });
}

/** Reads the files of a zip: Fitbit's by their names, Oura's, or else Apple Health's by the XML root. */
async function readZipFiles(files: ExportFile[], onReading: (reading: Reading) => void, onProgress: (share: number) => void): Promise<ExportReadResult> {
  if (isFitbitExport(files)) {
    const relevant = files.filter((f) => fitbitKindOf(f.name) !== null);
    return { format: "fitbit", ...(await withByteProgress(relevant, onProgress, (onBytes) => readFitbit(relevant, onReading, onBytes))) };
  }
  const oura = await ouraFiles(files.filter((f) => /\.csv$/i.test(f.name)));
  if (oura.length > 0) return { format: "oura", ...(await withByteProgress(oura, onProgress, (onBytes) => readOura(oura, onReading, onBytes))) };
  return { format: "apple-health", ...(await readAppleHealth(files, onReading, onProgress)) };
}

/** What a person is told about a file that broke while being read: a fixed reason, never a library's own words. */
function unreadable(error: unknown): never {
  if (error instanceof ExportUnreadableError || error instanceof UnpacksTooLargeError || error instanceof ReadingStopped) throw error;
  // A reader's bound says itself which one was passed.
  if (error instanceof ReaderBoundError) throw new ExportUnreadableError(error.reason);
  // Our own disk failing is not the file's fault: retried, and said as a problem on our side.
  if (error && typeof error === "object" && "syscall" in error) throw error;
  if (error instanceof NotHealthExportError && /holds no Apple Health export/.test(error.message)) throw new ExportUnreadableError(null);
  // The library's words go to the log for whoever runs the server.
  console.error("biometric export unreadable:", safeErrorLine(error));
  if (error instanceof NotAZipError) throw new ExportUnreadableError("the zip archive is incomplete or damaged");
  if (error instanceof NotHealthExportError) {
    if (/not a readable zip/.test(error.message)) throw new ExportUnreadableError("the zip archive is incomplete or damaged");
    throw new ExportUnreadableError("its health data (export.xml) is damaged or cut off");
  }
  throw new ExportUnreadableError("part of it is damaged or not in the format its name suggests");
}

/**
 * Reads an uploaded export, deciding what it is by what it holds: a zip with Fitbit's files (by their names), with
 * Oura's, or else Apple Health's (by the XML root); a single CSV (Oura's trends or App Data file, or one of Fitbit's);
 * a single Fitbit JSON file (told by `filename`, the name it was uploaded with). A file that breaks while being read
 * throws ExportUnreadableError with a reason a person can read; one that unpacks too large, UnpacksTooLargeError.
 */
export async function readExport(file: string, filename: string, onReading: (reading: Reading) => void, onProgress: (share: number) => void): Promise<ExportReadResult> {
  const start = await head(file);
  try {
    if (isZip(start)) return await withZipFiles(file, (files) => readZipFiles(files, onReading, onProgress));
    if (!looksLikeText(start)) throw new ExportUnreadableError(null);
    const size = (await fs.promises.stat(file)).size;
    const one = singleFile(file, filename, size);
    if (fitbitKindOf(filename) !== null) return { format: "fitbit", ...(await withByteProgress([one], onProgress, (onBytes) => readFitbit([one], onReading, onBytes))) };
    if (/\.csv$/i.test(filename) || !/\.json$/i.test(filename)) {
      const oura = await ouraFiles([{ ...one, name: /\.csv$/i.test(filename) ? filename : `${filename}.csv` }]);
      if (oura.length > 0) return { format: "oura", ...(await withByteProgress(oura, onProgress, (onBytes) => readOura(oura, onReading, onBytes))) };
    }
    throw new ExportUnreadableError(null);
  } catch (error) {
    unreadable(error);
  }
}
