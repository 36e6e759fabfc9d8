import { parse } from "csv-parse";
import type { ExportFile } from "./export-files";
import { fileBoundReasons, MAX_CSV_ROW_CHARS, MAX_HEADER_LINE_CHARS, ReaderBoundError } from "./reader-bounds";

/** A header as compared: trimmed, lower case, spaces collapsed (Oura's "Total Bedtime " has a trailing space). */
export const normalizeHeader = (name: string) => name.replace(/^\uFEFF/, "").trim().toLowerCase().replace(/\s+/g, " ");

/** The delimiter of a header line: Oura's newer files use semicolons, everything else commas. */
export const delimiterOf = (headerLine: string) => ((headerLine.match(/;/g)?.length ?? 0) > (headerLine.match(/,/g)?.length ?? 0) ? ";" : ",");

/** The first line of a file, for telling formats apart by their columns. */
export async function firstLine(file: ExportFile): Promise<string> {
  let text = "";
  const stream = await file.open();
  try {
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString("utf8");
      const end = text.search(/\r?\n/);
      if (end >= 0) return text.slice(0, end).replace(/^\uFEFF/, "");
      if (text.length > MAX_HEADER_LINE_CHARS) break;
    }
  } finally {
    stream.destroy();
  }
  return text.replace(/^\uFEFF/, "");
}

/**
 * The rows of a CSV file as records keyed by normalised header, streamed (quoted cells with JSON inside, ragged rows
 * and a byte-order mark are all taken as they come). Duplicate headers keep the first column of that name.
 */
export async function* csvRows(file: ExportFile, delimiter: string): AsyncGenerator<Record<string, string>> {
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    // An unclosed quote would otherwise buffer the rest of the file as one record.
    max_record_size: MAX_CSV_ROW_CHARS,
    columns: (header: string[]) => {
      const seen = new Set<string>();
      return header.map((h) => {
        const name = normalizeHeader(h);
        if (seen.has(name)) return false;
        seen.add(name);
        return name;
      });
    },
  });
  const stream = await file.open();
  stream.on("error", (error) => parser.destroy(error));
  stream.pipe(parser);
  try {
    for await (const record of parser) yield record as Record<string, string>;
  } catch (error) {
    if ((error as { code?: string }).code === "CSV_MAX_RECORD_SIZE") throw new ReaderBoundError(fileBoundReasons.csvRow);
    throw error;
  } finally {
    stream.destroy();
  }
}

/** A cell as a number; null when empty or not a number. */
export function numberCell(text: string | undefined): number | null {
  if (text === undefined || text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
