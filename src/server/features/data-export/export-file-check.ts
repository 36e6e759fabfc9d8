import { consciousnessExportSchema, ENCRYPTED_EXPORT_FORMAT, encryptedExportSchema, IMPORT_MAX_BYTES, type ConsciousnessExport, type EncryptedExport } from "../../../contract";
import { isJsonShapeWithin } from "../../platform/json-shape";

/**
 * Why a file is not opened, as the thread reports it; import.ts turns each into the person's message.
 * `tooLarge`: more export than IMPORT_MAX_BYTES. `damaged`: not JSON, not an export, or inconsistent.
 */
export type FileRefusal = "tooLarge" | "damaged";
export type FileReading = { kind: "plain"; export: ConsciousnessExport } | { kind: "encrypted"; envelope: Omit<EncryptedExport, "ciphertext"> } | { kind: "refused"; reason: FileRefusal };

// The largest real export holds about 10 values per kilobyte (45.4 MB: 0.5 million); a file may hold twice that rate
// at the size limit, and nothing nests deeper than 16. Checked before parsing, so a file of millions of empty arrays
// costs one scan, not a gigabyte.
const FILE_SHAPE = { values: Math.ceil(IMPORT_MAX_BYTES / 1024) * 20, depth: 16 };

/** The document in a file's text, or null when it is not JSON of a bounded shape. */
export function parseDocument(text: string): unknown {
  if (!isJsonShapeWithin(text, FILE_SHAPE)) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const isEncrypted = (document: unknown): boolean =>
  typeof document === "object" && document !== null && (document as { format?: unknown }).format === ENCRYPTED_EXPORT_FORMAT;

/** An encrypted export's parts, or null when the envelope is malformed. */
export function readEnvelope(document: unknown): EncryptedExport | null {
  const envelope = encryptedExportSchema.safeParse(document);
  return envelope.success ? envelope.data : null;
}

/** A parsed plain export of `bytes` bytes: its size, contract and consistency checked. */
export function readPlainExport(document: unknown, bytes: number): FileReading {
  if (bytes > IMPORT_MAX_BYTES) return { kind: "refused", reason: "tooLarge" };
  const parsed = consciousnessExportSchema.safeParse(document);
  if (!parsed.success || !isConsistent(parsed.data)) return { kind: "refused", reason: "damaged" };
  return { kind: "plain", export: parsed.data };
}

// Counts must match the lists, ids must be unique, and each memory's history must run 1..n in order and end at its
// current state.
function isConsistent(file: ConsciousnessExport): boolean {
  const lists = [file.memories, file.calibrationAnswers, file.conversations, file.voiceSessions, file.voiceProfiles];
  if (lists.some((l) => l.count !== l.data.length || new Set(l.data.map((row) => row.id)).size !== l.data.length)) return false;
  return file.memories.data.every(
    (m) => m.versions.every((v, i) => v.version === i + 1) && m.versions.at(-1)?.version === m.version && m.versions.at(-1)?.content === m.content,
  );
}
