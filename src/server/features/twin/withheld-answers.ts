import { and, eq, inArray } from "drizzle-orm";
import { legacyMessages } from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { legacyVisitorMessages, memories, type TwinLineage } from "../../db/schema";
import { withReaderScope, withUserScope } from "../../db/user-scope";

/**
 * Stored answers outlive nothing they quoted (issue 57): once a memory an answer cited is no longer readable by its
 * reader (undone, made private, sealed again, deleted), the answer's words are withheld wherever they would be shown,
 * spoken, followed as history or exported, and the reader sees `ANSWER_SOURCE_GONE` instead.
 */
export const ANSWER_SOURCE_GONE = legacyMessages.answerSourceGone;

/**
 * The memory ids among `lineages` that `tx` can no longer read. Run in the reader's scope (withReaderScope): the
 * database's policy for this reader decides, as it does for everything else they see.
 */
export async function unreadableCited(tx: Transaction, ownerId: string, lineages: Array<TwinLineage | null>): Promise<Set<string>> {
  const cited = [...new Set(lineages.flatMap((l) => l?.memoryIds ?? []))];
  if (cited.length === 0) return new Set();
  const readable = await tx.select({ id: memories.id }).from(memories).where(and(eq(memories.userId, ownerId), inArray(memories.id, cited)));
  const seen = new Set(readable.map((r) => r.id));
  return new Set(cited.filter((id) => !seen.has(id)));
}

/** An answer's words as its reader may still see them: withheld when any memory it cited is unreadable. */
export const answerTextFor = (response: string, lineage: TwinLineage | null, unreadable: Set<string>): string =>
  (lineage?.memoryIds ?? []).some((id) => unreadable.has(id)) ? ANSWER_SOURCE_GONE : response;

/**
 * The reader's stored answers, across every twin they asked, whose words are withheld now: for their own export.
 * Each owner's memories are read in the reader's scope, one transaction after another (never two at once).
 */
export async function withheldAnswerIds(db: Database, readerId: string, now: Date): Promise<Set<string>> {
  const answers = await withUserScope(db, readerId, (tx) =>
    tx
      .select({ id: legacyVisitorMessages.id, ownerId: legacyVisitorMessages.ownerId, lineage: legacyVisitorMessages.lineage })
      .from(legacyVisitorMessages)
      .where(and(eq(legacyVisitorMessages.userId, readerId), eq(legacyVisitorMessages.messageType, "ai"))),
  );
  const withheld = new Set<string>();
  const quoting = answers.filter((a) => (a.lineage?.memoryIds ?? []).length > 0);
  for (const ownerId of new Set(quoting.map((a) => a.ownerId))) {
    const theirs = quoting.filter((a) => a.ownerId === ownerId);
    // An owner whose account is gone left nothing readable: every quote of theirs is withheld.
    const unreadable = ownerId === null ? null : await withReaderScope(db, { readerId, ownerId, now }, (tx) => unreadableCited(tx, ownerId, theirs.map((a) => a.lineage)));
    for (const a of theirs) if (unreadable === null || (a.lineage?.memoryIds ?? []).some((id) => unreadable.has(id))) withheld.add(a.id);
  }
  return withheld;
}
