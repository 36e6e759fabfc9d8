import { desc, eq, sql } from "drizzle-orm";
import type { LegacyDocument } from "../../../contract";
import type { Transaction } from "../../db/client";
import { legacyDocuments } from "../../db/schema";

export type DocumentRow = { id: string; uploaded_by: string; filename: string; content_type: string; file_size: number | string; storage_key: string; created_at: string | Date };

export const presentDocument = (r: DocumentRow): LegacyDocument => ({
  id: r.id,
  uploadedBy: r.uploaded_by,
  filename: r.filename,
  contentType: r.content_type,
  size: Number(r.file_size),
  createdAt: new Date(r.created_at).toISOString(),
});

/** The documents the signed-in contact may see through this contact row (all for an executor, their own otherwise). */
export async function documentsForContact(tx: Transaction, contactId: string): Promise<LegacyDocument[]> {
  const rows = await tx.execute<DocumentRow>(sql`SELECT * FROM legacy_documents_for_my_contact(${contactId}::uuid)`);
  return rows.rows.map(presentDocument);
}

/** The documents attached about the owner, for the owner. */
export async function ownDocuments(tx: Transaction, ownerId: string): Promise<LegacyDocument[]> {
  const rows = await tx.select().from(legacyDocuments).where(eq(legacyDocuments.userId, ownerId)).orderBy(desc(legacyDocuments.createdAt));
  return rows.map((r) => presentDocument({ id: r.id, uploaded_by: r.uploadedBy, filename: r.filename, content_type: r.contentType, file_size: r.fileSize, storage_key: r.storageKey, created_at: r.createdAt }));
}

