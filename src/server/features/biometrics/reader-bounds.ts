/**
 * What the readers of device exports hold at most (SECURITY.md 30 and 33): every size a crafted file could otherwise
 * make grow without end. Each bound sits far above what a real export holds, and one exceeded ends the import with
 * `ReaderBoundError`'s reason (a sentence a person can read), never a crash and never a silent "done". Listed in
 * docs/decisions/0021-biometrics-from-device-exports.md.
 */

const KB = 1024;
const MB = 1024 * KB;

/** A bound exceeded while reading: `reason` completes "The export could not be read: …". */
export class ReaderBoundError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

// Apple Health's export.xml, checked on the text before saxes sees it, so saxes never buffers more than these.

/** One attribute value, or one stretch of text between tags (CDATA included). Apple's longest are device strings and metadata of a few hundred characters. */
export const MAX_XML_VALUE_CHARS = 256 * KB;
/** One element or attribute name. Apple's longest type names are under 64 characters. */
export const MAX_XML_NAME_CHARS = 1 * KB;
/** One whole piece of markup: a start tag with all its attributes, a comment, a processing instruction. A `<Record>` is under 1 KB. */
export const MAX_XML_MARKUP_CHARS = 1 * MB;

export const xmlBoundReasons = {
  value: "its health data holds a value too long to be a reading",
  name: "its health data holds a name too long to be one of Apple Health's",
  markup: "its health data holds an element too long to be a reading",
} as const;

// Fitbit's JSON files (Google Takeout's "Global Export Data"), parsed whole, one file at a time.

/** One JSON file. Fitbit writes one per day (heart rate) or month (steps, sleep): the largest, a day of heart rate at one reading a second, is about 6 MB. */
export const MAX_JSON_BYTES = 16 * MB;
/**
 * Containers and separators (`{`, `[`, `,` outside strings) in one JSON file: what JSON.parse turns into objects. A
 * day of heart rate at one reading a second is ~430,000; 16 MB of `{},` would be 5.6 million objects, ~375 MB of heap.
 */
export const MAX_JSON_TOKENS = 1_500_000;
/** Nesting of one JSON file: Fitbit's go three deep (the list, a reading, its value). */
export const MAX_JSON_DEPTH = 16;

// CSV files (Oura, Fitbit's CSV dialects).

/** One CSV row (csv-parse's `max_record_size`): an unclosed quote would otherwise buffer the rest of the file as one row. */
export const MAX_CSV_ROW_CHARS = 1 * MB;
/** The header line read to tell a file's format apart. */
export const MAX_HEADER_LINE_CHARS = 64 * KB;

export const fileBoundReasons = {
  jsonTooLarge: "one of its files is larger than a device writes for a day or a month",
  jsonTooComplex: "one of its files holds more values, or nests them deeper, than a device writes",
  csvRow: "one of its files has a row too long to be a reading",
} as const;

/**
 * Checks a JSON text against the bounds above before it is parsed, in one pass that only counts (strings are
 * skipped, escapes included). Throws ReaderBoundError.
 */
export function checkJsonBounds(text: string): void {
  let tokens = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      tokens++;
      if (++depth > MAX_JSON_DEPTH) throw new ReaderBoundError(fileBoundReasons.jsonTooComplex);
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x2c) tokens++;
    else continue;
    if (tokens > MAX_JSON_TOKENS) throw new ReaderBoundError(fileBoundReasons.jsonTooComplex);
  }
}
