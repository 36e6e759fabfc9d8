import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { legacyMessages, type ReleasedMemories, type ReleasedMemoriesFile, type releasedMemoriesQuerySchema } from "../../../contract";
import type { Transaction } from "../../db/client";
import { withReaderScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import type { LegacyDeps } from "./deps";
import { memoryAccessSql, type Reader, type Release } from "./reader-rule";
import { ownerFor, ownerNaming } from "./contact-owner";

type Query = z.output<typeof releasedMemoriesQuerySchema>;
type MemoryRow = { id: string; content: string; emotion: string; category: string; tags: string[]; created_at: string };

const presentMemory = (m: MemoryRow): ReleasedMemories["memories"][number] => ({
  id: m.id,
  content: m.content,
  emotion: m.emotion as ReleasedMemories["memories"][number]["emotion"],
  category: m.category as ReleasedMemories["memories"][number]["category"],
  tags: m.tags,
  createdAt: new Date(m.created_at).toISOString(),
});

/** A contact reading the legacy of the person who named them: who, where it stands, and their reader for the rule. */
export interface ReleasedLegacy {
  ownerId: string;
  ownerName: string;
  reader: Reader;
  release: Release & { state: "released" | "paused" | "retired" };
  /** The executor's words to visitors while paused. */
  pauseMessage: string | null;
  /** The owner's own words for the twin's introduction, if they wrote some. */
  introduction: string | null;
}

/**
 * The released legacy the signed-in reader reaches through this contact row: 404 when the row does not name them,
 * 409 with the reason before release. Read in the reader's scope, so the database answers only to an accepted contact.
 */
export async function releasedLegacyFor(deps: LegacyDeps, readerId: string, contactId: string | undefined): Promise<ReleasedLegacy> {
  const { ownerId, ownerName, state: known } = await ownerNaming(deps, readerId, contactId);
  const [state] = await withReaderScope(deps.db, { readerId, ownerId, now: deps.now() }, (tx) =>
    tx
      .execute<{ state: "released" | "paused" | "retired"; released_at: string; pause_message: string | null; introduction: string | null }>(
        sql`SELECT r.state, r.released_at, n.pause_message, n.introduction FROM legacy_reader_release() r, legacy_reader_notice() n`,
      )
      .then((r) => r.rows),
  );
  if (!state) throw new AppError("legacy_not_released", known === "retired" ? legacyMessages.retiredEnded(ownerName) : legacyMessages.notReleased(ownerName));
  return {
    ownerId,
    ownerName,
    reader: { kind: "contact", contactId: contactId! },
    release: { state: state.state, releasedAt: new Date(state.released_at) },
    pauseMessage: state.pause_message,
    introduction: state.introduction,
  };
}

/**
 * One page of the memories `sees` admits, newest first, in the theme asked for, with every theme's count. The caller's
 * transaction is a reader's (withReaderScope, withMemorialScope), so the database's policy holds the same line.
 */
export async function memoriesPage(tx: Transaction, ownerId: string, sees: SQL, query: Query): Promise<Pick<ReleasedMemories, "memories" | "total" | "themes">> {
  const theme = query.category ? sql`AND m.category = ${query.category}` : sql``;
  const page = await tx.execute<MemoryRow>(sql`
    SELECT m.id, m.content, m.emotion, m.category, m.tags, m.created_at FROM memories m
     WHERE m.user_id = ${ownerId} AND ${sees} ${theme}
     ORDER BY m.created_at DESC, m.id DESC LIMIT ${query.limit} OFFSET ${query.offset}`);
  const themes = await tx.execute<{ category: string; count: number }>(sql`
    SELECT m.category, count(*)::int AS count FROM memories m WHERE m.user_id = ${ownerId} AND ${sees}
     GROUP BY m.category ORDER BY count(*) DESC, m.category`);
  const counts = themes.rows.map((t) => ({ category: t.category as ReleasedMemories["themes"][number]["category"], count: Number(t.count) }));
  return {
    memories: page.rows.map(presentMemory),
    total: query.category ? (counts.find((t) => t.category === query.category)?.count ?? 0) : counts.reduce((n, t) => n + t.count, 0),
    themes: counts,
  };
}

/**
 * What a contact may read of the person who named them: after release, their `family` and `public` memories whose
 * seals have opened, newest first and by theme, and the days on which sealed ones open. Read in the reader's scope
 * (withReaderScope), so the database's own policy holds the same line as the reader rule applied here.
 */
export async function listReleasedMemories(deps: LegacyDeps, readerId: string, contactId: string | undefined, query: Query): Promise<ReleasedMemories> {
  const { ownerId, ownerName, reader, release } = await releasedLegacyFor(deps, readerId, contactId);
  const now = deps.now();
  return withReaderScope(
    deps.db,
    { readerId, ownerId, now },
    async (tx) => {
      const page = await memoriesPage(tx, ownerId, memoryAccessSql(reader, release, now, "see"), query);
      const sealed = await tx.execute<{ opens_on: string; count: number }>(sql`SELECT opens_on::text, count FROM legacy_reader_sealed_days()`);
      return { ownerName, state: release.state, ...page, sealed: sealed.rows.map((s) => ({ opensOn: s.opens_on, count: Number(s.count) })) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Everything a contact may read of the owner, oldest first, as one file: what an executor may download. */
export async function releasedMemoriesFile(deps: LegacyDeps, readerId: string, contactId: string | undefined): Promise<ReleasedMemoriesFile> {
  const legacy = await releasedLegacyFor(deps, readerId, contactId);
  const { role } = await ownerFor(deps, readerId, contactId!);
  if (role !== "executor") throw new AppError("access_denied", legacyMessages.downloadExecutorOnly);
  const now = deps.now();
  const rows = await withReaderScope(deps.db, { readerId, ownerId: legacy.ownerId, now }, (tx) =>
    tx.execute<MemoryRow>(sql`
      SELECT m.id, m.content, m.emotion, m.category, m.tags, m.created_at FROM memories m
       WHERE m.user_id = ${legacy.ownerId} AND ${memoryAccessSql(legacy.reader, legacy.release, now, "see")}
       ORDER BY m.created_at, m.id`),
  );
  return { ownerName: legacy.ownerName, exportedAt: now.toISOString(), memories: rows.rows.map(presentMemory) };
}
