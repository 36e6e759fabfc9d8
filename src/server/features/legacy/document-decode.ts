import jpeg from "jpeg-js";
import { PNG } from "pngjs";

/**
 * A real decode of a legacy document (SECURITY.md 20, 30, 33), run in its own thread (document-check.ts): the magic
 * bytes only say what a file claims to be; "%PDF" followed by noise is not a PDF. Bounded before the work starts
 * where the file says its size (PNG and JPEG dimensions, PDF pages), and by the thread's memory and time otherwise.
 */

/** Pixels of an image: a 48-megapixel phone photo fits; more would take over 200 MB decoded. */
export const MAX_DOCUMENT_PIXELS = 50_000_000;
/** Pages of a PDF, each of which is parsed: a death certificate or a will is a few. */
export const MAX_DOCUMENT_PAGES = 500;

export type DocumentKind = "pdf" | "jpeg" | "png";
export type DecodeOutcome = { ok: true } | { ok: false; problem: "unreadable" | "too_many_pixels" | "too_many_pages" };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function decodePng(bytes: Buffer): DecodeOutcome {
  // The first chunk must be IHDR (width and height at bytes 16–23): the size is known before anything is inflated.
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return { ok: false, problem: "unreadable" };
  if (bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > MAX_DOCUMENT_PIXELS) return { ok: false, problem: "too_many_pixels" };
  PNG.sync.read(bytes, { checkCRC: true });
  return { ok: true };
}

function decodeJpeg(bytes: Buffer): DecodeOutcome {
  try {
    // Not tolerant: a file cut short or with missing blocks is refused rather than shown half grey.
    jpeg.decode(bytes, { useTArray: true, tolerantDecoding: false, maxResolutionInMP: MAX_DOCUMENT_PIXELS / 1_000_000, maxMemoryUsageInMB: 400 });
  } catch (error) {
    if (error instanceof Error && /maxResolutionInMP/.test(error.message)) return { ok: false, problem: "too_many_pixels" };
    throw error;
  }
  return { ok: true };
}

async function decodePdf(bytes: Buffer): Promise<DecodeOutcome> {
  // The legacy build is the one meant for Node; it parses on this thread (no worker of its own), loading no fonts.
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({ data: new Uint8Array(bytes), maxImageSize: MAX_DOCUMENT_PIXELS, disableFontFace: true, stopAtErrors: true, verbosity: 0, useWorkerFetch: false });
  const pdf = await task.promise;
  try {
    if (pdf.numPages < 1) return { ok: false, problem: "unreadable" };
    if (pdf.numPages > MAX_DOCUMENT_PAGES) return { ok: false, problem: "too_many_pages" };
    // Every page's dictionary and content streams parsed: a document whose pages do not open is not kept.
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      await page.getTextContent();
      page.cleanup();
    }
    return { ok: true };
  } finally {
    await task.destroy();
  }
}

/** Decodes a document of the kind its first bytes claim; any error of the decoder means it is not that kind. */
export async function decodeDocument(bytes: Buffer, kind: DocumentKind): Promise<DecodeOutcome> {
  try {
    if (kind === "png") return decodePng(bytes);
    if (kind === "jpeg") return decodeJpeg(bytes);
    return await decodePdf(bytes);
  } catch {
    return { ok: false, problem: "unreadable" };
  }
}
