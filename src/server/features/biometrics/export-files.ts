import fs from "node:fs";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { fileBoundReasons, MAX_JSON_BYTES, ReaderBoundError } from "./reader-bounds";

/** One file of an export: an entry of the uploaded zip, or the uploaded file itself. */
export interface ExportFile {
  /** The path inside the zip (or the uploaded file's name). */
  name: string;
  /** Uncompressed bytes. */
  size: number;
  open(): Promise<Readable>;
}

export class NotAZipError extends Error {}

/** A zip whose entries would unpack to more than an import reads (a "zip bomb", or years too many for one import). */
export class UnpacksTooLargeError extends Error {}
/** What one import unpacks at most: Apple's largest reported exports are 2 GB of XML, Takeout's 10 GB in 33,000 files. */
export const MAX_UNPACKED_BYTES = 32 * 1024 ** 3;
/** Entries of one zip, folders included: Takeout's largest are about 33,000 files. */
export const MAX_ENTRIES = 100_000;

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip))));

/**
 * Opens a zip and lists its files (folders and macOS's `__MACOSX/` and `._` resource forks left out), then runs
 * `work` with them; entries are read lazily and one at a time, so the archive's size does not matter. The zip is
 * kept open (`autoClose: false`) until `work` ends: yauzl would otherwise close it after the listing.
 */
export async function withZipFiles<T>(file: string, work: (files: ExportFile[]) => Promise<T>, limits = { maxBytes: MAX_UNPACKED_BYTES, maxEntries: MAX_ENTRIES }): Promise<T> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    throw new NotAZipError(error instanceof Error ? error.message : String(error));
  }
  try {
    // Every entry counts, folders included: a million empty folders cost as much to list as a million files. The
    // count in the zip's directory is what yauzl lists, so a zip with too many is refused before any is read.
    if (zip.entryCount > limits.maxEntries) throw new UnpacksTooLargeError();
    const files: ExportFile[] = [];
    let declaredBytes = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        const name = entry.fileName;
        declaredBytes += entry.uncompressedSize;
        if (!name.endsWith("/") && !name.startsWith("__MACOSX/") && !/(^|\/)\._/.test(name)) {
          files.push({
            name,
            size: entry.uncompressedSize,
            open: () => new Promise<Readable>((res, rej) => zip.openReadStream(entry, (error, stream) => (error ? rej(error) : res(stream)))),
          });
        }
        zip.readEntry();
      });
      zip.on("end", () => resolve());
      zip.on("error", (error: Error) => reject(new NotAZipError(error.message)));
      zip.readEntry();
    });
    // yauzl checks each entry against the size its header declares, so the declared sizes bound what can be inflated.
    if (declaredBytes > limits.maxBytes) throw new UnpacksTooLargeError();
    return await work(files);
  } finally {
    zip.close();
  }
}

/** The uploaded file itself, when it is one CSV or JSON file rather than a zip. */
export function singleFile(path: string, name: string, size: number): ExportFile {
  return { name, size, open: async () => fs.createReadStream(path) };
}

/** The base name of a path inside a zip. */
export const baseName = (name: string) => name.split("/").pop() ?? name;

/** A whole (small) file as text, without a byte-order mark; ReaderBoundError past MAX_JSON_BYTES, declared or read. */
export async function readText(file: ExportFile): Promise<string> {
  if (file.size > MAX_JSON_BYTES) throw new ReaderBoundError(fileBoundReasons.jsonTooLarge);
  const chunks: Buffer[] = [];
  let bytes = 0;
  const stream = await file.open();
  try {
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      // The uploaded file itself has no declared size to trust beyond its stat; a zip entry's is checked by yauzl.
      if (bytes > MAX_JSON_BYTES) throw new ReaderBoundError(fileBoundReasons.jsonTooLarge);
      chunks.push(chunk as Buffer);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).toString("utf8").replace(/^\uFEFF/, "");
}
