import { isJsonShapeWithin } from "../../platform/json-shape";
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
 * Strings, containers and separators in one JSON file (platform/json-shape.ts counts them): about what JSON.parse
 * allocates. A day of heart rate at one reading a second is ~1.0 million; 16 MB of `{},` would be 11 million.
 */
export const MAX_JSON_TOKENS = 3_000_000;
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
 * Checks a JSON text against the bounds above before it is parsed, with the platform's one counting pass
 * (platform/json-shape.ts: nothing allocated, strings and escapes skipped). Throws ReaderBoundError.
 */
export function checkJsonBounds(text: string): void {
  if (!isJsonShapeWithin(text, { values: MAX_JSON_TOKENS, depth: MAX_JSON_DEPTH })) throw new ReaderBoundError(fileBoundReasons.jsonTooComplex);
}
