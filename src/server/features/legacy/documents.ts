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

const MB = 1024 * 1024;


/** The kinds a death certificate or a letter comes as, recognised by their first bytes, never by the name sent. */
function kindOf(head: Buffer): { contentType: string; extension: string } | null {
  if (head.subarray(0, 5).toString("latin1") === "%PDF-") return { contentType: "application/pdf", extension: "pdf" };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { contentType: "image/jpeg", extension: "jpg" };
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { contentType: "image/png", extension: "png" };
  return null;
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
 * its SHA-256, checked (PDF, JPEG or PNG by content, at most LEGACY_DOCUMENT_MAX_MB), then stored under the owner and
 * recorded in one step; a refusal or failure keeps nothing.
 */
export async function uploadLegacyDocument(
  deps: LegacyDeps & { storage: Storage },
  contactUserId: string,
  contactId: string,
  upload: { file: Readable & { truncated?: boolean }; filename?: string },
): Promise<LegacyDocument> {
  const { ownerId, name } = await ownerFor(deps, contactUserId, contactId);
  const state = await withUserScope(deps.db, ownerId, async (tx) => (await releaseRow(tx, ownerId)).state);
  if (state === "active") throw new AppError("legacy_contact_conflict", legacyMessages.documentWhen);
  const pending = await deps.storage.begin();
  try {
    const { sha256, head } = await streamInto(pending, upload.file, 8);
    if (upload.file.truncated || pending.bytes() > LEGACY_DOCUMENT_MAX_MB * MB) throw new AppError("payload_too_large", legacyMessages.documentTooLarge);
    const kind = kindOf(head);
    if (!kind) throw new AppError("validation_failed", legacyMessages.documentType, { fields: { document: legacyMessages.documentType } });
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
