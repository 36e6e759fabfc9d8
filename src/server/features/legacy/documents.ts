import type { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import {
  LEGACY_DOCUMENT_MAX_MB,
  LEGACY_DOCUMENT_MB_PER_CONTACT,
  LEGACY_DOCUMENT_MB_PER_OWNER,
  LEGACY_DOCUMENTS_PER_CONTACT,
  LEGACY_DOCUMENTS_PER_OWNER,
  legacyMessages,
  type LegacyDocument,
} from "../../../contract";
import type { Transaction } from "../../db/client";
import { legacyDocuments } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { consumeRateLimit } from "../../platform/rate-limit";
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

/** Upload attempts one contact may make in ten minutes (each is decoded): a few scans, never a flood. */
const UPLOADS_PER_TEN_MINUTES = 12;

/**
 * Refuses a document that would take this contact, or all of the owner's contacts, past their bounds (SECURITY.md 54),
 * counting `adding` bytes more (0 before the file is read). Under the owner's lock when `lock`: two uploads at once
 * cannot both fit in the last place.
 */
async function checkBounds(tx: Transaction, ownerId: string, contactId: string, adding: number, lock: boolean): Promise<void> {
  if (lock) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('legacy_documents:' || ${ownerId}))`);
  const [row] = (
    await tx.execute<{ mine: number; my_bytes: string; all: number; all_bytes: string }>(
      sql`SELECT count(*) FILTER (WHERE contact_id = ${contactId}::uuid)::int AS mine, coalesce(sum(file_size) FILTER (WHERE contact_id = ${contactId}::uuid), 0) AS my_bytes,
                 count(*)::int AS all, coalesce(sum(file_size), 0) AS all_bytes
            FROM legacy_documents WHERE user_id = ${ownerId}`,
    )
  ).rows;
  const mine = Number(row?.mine ?? 0) + (adding > 0 ? 1 : 0);
  const all = Number(row?.all ?? 0) + (adding > 0 ? 1 : 0);
  const full = adding === 0 ? mine >= LEGACY_DOCUMENTS_PER_CONTACT || all >= LEGACY_DOCUMENTS_PER_OWNER : mine > LEGACY_DOCUMENTS_PER_CONTACT || all > LEGACY_DOCUMENTS_PER_OWNER;
  const heavy = Number(row?.my_bytes ?? 0) + adding > LEGACY_DOCUMENT_MB_PER_CONTACT * MB || Number(row?.all_bytes ?? 0) + adding > LEGACY_DOCUMENT_MB_PER_OWNER * MB;
  if (full || heavy) throw new AppError("legacy_contact_conflict", legacyMessages.documentsTooMany);
}

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
 * A contact attaches a document to a reported death while it waits for confirmation (pending): streamed to a temporary file with
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
  // Only while a reported death waits for confirmation: that is what a document is for (SECURITY.md 54).
  const state = await withUserScope(deps.db, ownerId, async (tx) => {
    const current = (await releaseRow(tx, ownerId)).state;
    if (current === "pending") await checkBounds(tx, ownerId, contactId, 0, false);
    return current;
  });
  if (state !== "pending") throw new AppError("legacy_contact_conflict", legacyMessages.documentWhen);
  await consumeRateLimit(deps.db, { key: `legacy-document:${contactUserId}`, limit: UPLOADS_PER_TEN_MINUTES, windowSeconds: 600, message: legacyMessages.documentsTooOften });
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
      const [row] = await withUserScope(deps.db, ownerId, async (tx) => {
        await checkBounds(tx, ownerId, contactId, pending.bytes(), true);
        return tx
          .insert(legacyDocuments)
          .values({ id, userId: ownerId, contactId, uploadedBy: name, filename: safeName(upload.filename, kind.extension), contentType: kind.contentType, fileSize: pending.bytes(), sha256, storageKey: key })
          .returning();
      });
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
