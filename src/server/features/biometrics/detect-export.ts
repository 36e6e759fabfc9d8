/** A zip archive's first bytes (a local file header), and an empty archive's. */
const ZIP = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];

/**
 * Whether a file's first bytes could be an export we read: a zip archive (Apple Health, Fitbit / Google Takeout), or
 * text (an Oura or Fitbit CSV, a Fitbit JSON file). Checked as the upload arrives, so a photo or a PDF is refused at
 * once instead of after a wait; the import job then decides by what the file holds.
 */
export function looksLikeExport(head: Buffer): boolean {
  if (ZIP.some((magic) => head.subarray(0, 4).equals(magic))) return true;
  return looksLikeText(head);
}

/** UTF-8 text without NUL bytes or other binary control characters (a byte-order mark is allowed). */
export function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  const text = head.subarray(head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0);
  for (const byte of text) if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) return false;
  // A cut multi-byte character at the end of the sample is not a reason to refuse.
  return new TextDecoder("utf-8", { fatal: false }).decode(text).replace(/\uFFFD+$/, "").indexOf("\uFFFD") === -1;
}

export const isZip = (head: Buffer) => ZIP.some((magic) => head.subarray(0, 4).equals(magic));
