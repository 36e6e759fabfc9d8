import type { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { LEGACY_DOCUMENT_MAX_MB, legacyMessages, type LegacyDocument } from "../../../contract";
import { legacyDocuments } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import type { Storage } from "../../platform/storage/storage";
import { streamInto } from "../../platform/storage/stream-into";
import type { LegacyDeps } from "./deps";
import { presentDocument as present, type DocumentRow as Row } from "./documents-read";
import { ownerFor } from "./contact-owner";
import { releaseRow } from "./release-rows";
import { removeStored } from "../../platform/storage/file-removal";
import { checkDocument, type CheckOutcome } from "./document-check";
import type { DocumentKind } from "./document-decode";

const MB = 1024 * 1024;

/** The kinds a death certificate or a letter comes as, recognised by their first bytes (then decoded), never by the name sent. */
function kindOf(head: Buffer): { kind: DocumentKind; contentType: string; extension: string } | null {
  if (head.subarray(0, 5).toString("latin1") === "%PDF-") return { kind: "pdf", contentType: "application/pdf", extension: "pdf" };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: "jpeg", contentType: "image/jpeg", extension: "jpg" };
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { kind: "png", contentType: "image/png", extension: "png" };
  return null;
}

const refused = (message: string) => new AppError("validation_failed", message, { fields: { document: message } });

/** What a person is told when the decode did not pass. */
function refusalOf(outcome: Exclude<CheckOutcome, { ok: true }>): AppError {
  if (outcome.problem === "busy") return new AppError("rate_limited", legacyMessages.documentChecksBusy, { retryAfterSeconds: 30 });
  if (outcome.problem === "too_many_pixels") return refused(legacyMessages.documentTooManyPixels);
  if (outcome.problem === "too_many_pages") return refused(legacyMessages.documentTooManyPages);
  if (outcome.problem === "too_slow") return refused(legacyMessages.documentTooSlow);
  return refused(legacyMessages.documentUnreadable);
}

/** The upload's pieces as they pass (at most the route's file limit plus one byte): the decode needs the whole file. */
async function* keeping(file: AsyncIterable<unknown>, chunks: Buffer[]): AsyncGenerator<Buffer> {
  for await (const chunk of file) {
    chunks.push(chunk as Buffer);
    yield chunk as Buffer;
  }
}


/** A sent file name made safe to show and to put in a header: letters, digits, dots, dashes; at most 80 characters. */
const safeName = (name: string | undefined, extension: string) => {
  const base = (name ?? "")
    .replace(/\.[^.]*$/, "")
    .replace(/[^\p{L}\p{N}._ -]+/gu, "")
    .trim()
    .slice(0, 70);
  return `${base || "document"}.${extension}`;
};

/**
 * A contact attaches a document to a reported death (pending, or released since): streamed to a temporary file with
 * its SHA-256, checked (PDF, JPEG or PNG by its first bytes and a real decode in a thread of its own, at most
 * LEGACY_DOCUMENT_MAX_MB), the rest of the request read (`beforeCommit`: a second file refuses it), then stored under
 * the owner and recorded in one step; a refusal or failure keeps nothing.
 */
export async function uploadLegacyDocument(
  deps: LegacyDeps & { storage: Storage },
  contactUserId: string,
  contactId: string,
  upload: { file: Readable & { truncated?: boolean }; filename?: string },
  beforeCommit: () => Promise<void> = async () => {},
): Promise<LegacyDocument> {
  const { ownerId, name } = await ownerFor(deps, contactUserId, contactId);
  const state = await withUserScope(deps.db, ownerId, async (tx) => (await releaseRow(tx, ownerId)).state);
  if (state === "active") throw new AppError("legacy_contact_conflict", legacyMessages.documentWhen);
  const pending = await deps.storage.begin();
  try {
    const chunks: Buffer[] = [];
    let received: { sha256: string; head: Buffer };
    try {
      received = await streamInto(pending, keeping(upload.file, chunks), 8);
    } catch (error) {
      // The request's multipart body broke off or did not parse: the sender's side, said as such (a failing disk,
      // which carries the system call that failed, stays a server error).
      if (error instanceof AppError || "syscall" in (error as object)) throw error;
      throw refused(legacyMessages.documentIncomplete);
    }
    const { sha256, head } = received;
    if (upload.file.truncated || pending.bytes() > LEGACY_DOCUMENT_MAX_MB * MB) throw new AppError("payload_too_large", legacyMessages.documentTooLarge);
    const kind = kindOf(head);
    if (!kind) throw refused(legacyMessages.documentType);
    await beforeCommit();
    const outcome = await checkDocument(Buffer.concat(chunks), kind.kind);
    chunks.length = 0;
    if (!outcome.ok) throw refusalOf(outcome);
    const id = crypto.randomUUID();
    const key = `${ownerId}/legacy_doc_${id}.${kind.extension}`;
    await pending.commit(key);
    try {
      const [row] = await withUserScope(deps.db, ownerId, (tx) =>
        tx
          .insert(legacyDocuments)
          .values({ id, userId: ownerId, contactId, uploadedBy: name, filename: safeName(upload.filename, kind.extension), contentType: kind.contentType, fileSize: pending.bytes(), sha256, storageKey: key })
          .returning(),
      );
      return present({ id: row!.id, uploaded_by: row!.uploadedBy, filename: row!.filename, content_type: row!.contentType, file_size: row!.fileSize, storage_key: key, created_at: row!.createdAt });
    } catch (error) {
      await removeStored(deps, { key });
      throw error;
    }
  } finally {
    await pending.discard();
  }
}

/** One document for a contact (executor or uploader), with its storage key; 404 otherwise. */
export async function documentForContact(deps: LegacyDeps, contactUserId: string, contactId: string, documentId: string): Promise<{ document: LegacyDocument; storageKey: string }> {
  const rows = await withUserScope(deps.db, contactUserId, (tx) =>
    tx.execute<Row>(sql`SELECT * FROM legacy_documents_for_my_contact(${contactId}::uuid) WHERE id = ${documentId}::uuid`),
  );
  const row = rows.rows[0];
  if (!row) throw new AppError("not_found", legacyMessages.documentNotFound);
  return { document: present(row), storageKey: row.storage_key };
}

/** One of the owner's documents, for the owner; 404 otherwise. */
export async function ownDocument(deps: LegacyDeps, ownerId: string, documentId: string): Promise<{ document: LegacyDocument; storageKey: string }> {
  const [row] = await withUserScope(deps.db, ownerId, (tx) => tx.select().from(legacyDocuments).where(eq(legacyDocuments.id, documentId)));
  if (!row || row.userId !== ownerId) throw new AppError("not_found", legacyMessages.documentNotFound);
  return {
    document: present({ id: row.id, uploaded_by: row.uploadedBy, filename: row.filename, content_type: row.contentType, file_size: row.fileSize, storage_key: row.storageKey, created_at: row.createdAt }),
    storageKey: row.storageKey,
  };
}
