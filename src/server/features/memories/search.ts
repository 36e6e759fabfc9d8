import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ListMemoriesQuery, Memory } from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { memories } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { readCloseSpellings } from "./close-spellings";
import { toMemory } from "./memory-shape";
import { guardSearch, type SearchGuard } from "./search-guard";

/**
 * Full-text matches are ranked by relevance among the newest RANKED_MATCHES of them; older matches follow, newest
 * first. Ranking every match is what made a search for a common word slow (each match's rank computed and sorted to
 * show fifty); past this many, relevance among a word found everywhere says little anyway.
 */
export const RANKED_MATCHES = 200;

export interface MemoryPage {
  memories: Memory[];
  total: number;
  /**
   * A search counts its matches only as far as it ranks them: when the words match RANKED_MATCHES memories or more,
   * the total says "at least RANKED_MATCHES". Counting every match of a word found in most memories was most of a
   * search's cost under load (decision 0015).
   */
  totalIsLowerBound: boolean;
}

/**
 * A page of the user's memories and the number that match in all. Without `q`, newest first. With `q`: full-text
 * matches (websearch syntax) first, the newest RANKED_MATCHES of them by ts_rank and any older ones newest first; then,
 * only when the words themselves match fewer than RANKED_MATCHES memories, memories that hold a close spelling of them
 * (one of the person's own words with pg_trgm word similarity ≥ 0.6, so "grandmther" finds "grandmother"), closest
 * first. A search runs in one of the person's few search slots and under a statement timeout (`guard`).
 */
export async function listMemories(db: Database, userId: string, query: ListMemoriesQuery, guard: SearchGuard): Promise<MemoryPage> {
  if (query.q) {
    const search = query as ListMemoriesQuery & { q: string };
    // A search page is read by several statements: one snapshot keeps them consistent with each other; each of them
    // is stopped past the timeout.
    return guardSearch(guard, userId, () =>
      withUserScope(db, userId, (tx) => searchMemories(tx, search), { isolationLevel: "repeatable read", accessMode: "read only" }, { statementTimeoutMs: guard.timeoutMs }),
    );
  }
  const where = and(eq(memories.userId, userId), ...listFilters(query));
  // The total rides along with the page in the same statement (one round trip, one snapshot): the sum of the user's
  // maintained counters (migration 0015), which never re-reads the vault.
  const total = countedTotal(userId, query);
  return withUserScope(db, userId, async (tx) => {
    const rows = await tx
      .select({ memory: memories, total })
      .from(memories)
      .where(where)
      .orderBy(desc(memories.createdAt), desc(memories.id))
      .limit(query.limit)
      .offset(query.offset);
    if (rows.length > 0) return { memories: rows.map((row) => toMemory(row.memory)), total: Number(rows[0]!.total), totalIsLowerBound: false };
    // An empty page carries no total: from the first page that means nothing matches; past the end, ask for it.
    if (query.offset === 0) return { memories: [], total: 0, totalIsLowerBound: false };
    const [counted] = await tx.select({ total }).from(sql`(SELECT 1) AS one`);
    return { memories: [], total: Number(counted?.total ?? 0), totalIsLowerBound: false };
  });
}

/** The list's filters other than the user (row-level security and the index functions keep to the user). */
function listFilters(query: ListMemoriesQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.emotion) filters.push(eq(memories.emotion, query.emotion));
  if (query.category) filters.push(eq(memories.category, query.category));
  if (!query.includeHidden) filters.push(eq(memories.hiddenFromTwin, false));
  if (query.visibility) filters.push(eq(memories.visibility, query.visibility));
  return filters;
}

/**
 * A search page assembled from three zones, each read through an index and only as far as the page needs: the ranked
 * newest matches, the older matches, the close spellings (migrations 0019 and 0039 have the bounded functions).
 */
async function searchMemories(tx: Transaction, query: ListMemoriesQuery & { q: string }): Promise<MemoryPage> {
  const tsQuery = sql`websearch_to_tsquery('mindprint_english', ${query.q})`;
  const matchArgs = sql`${tsQuery}, ${query.emotion ?? null}::text, ${query.category ?? null}::text, ${query.includeHidden}, ${query.visibility ?? null}::text`;
  const newest = sql`memory_ids_matching_newest(${matchArgs}, 0, ${RANKED_MATCHES})`;
  const start = query.offset;
  const end = query.offset + query.limit;
  const page: Memory[] = [];

  // A page that starts among the ranked newest matches (every first page) reads its slice of them, and how many there
  // are, in one statement; the function ranks them where it reads them (migration 0021).
  let counted: number | null = null;
  if (start < RANKED_MATCHES) {
    const slice = sql`memory_ids_ranked_newest(${matchArgs}, ${RANKED_MATCHES}, ${start}, ${Math.min(end, RANKED_MATCHES) - start}) AS r`;
    const rows = await tx
      .select({ memory: memories, n: sql<number>`r.matched` })
      .from(memories)
      .innerJoin(slice, sql`r.id = ${memories.id}`)
      .orderBy(sql`r.rank DESC`, desc(memories.createdAt), desc(memories.id));
    page.push(...rows.map((row) => toMemory(row.memory)));
    if (rows.length > 0) counted = Number(rows[0]!.n);
    // The first slice came back empty: nothing matches (most often a misspelling), no need to count.
    else if (start === 0) counted = 0;
  }
  if (counted === null) {
    const [row] = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${newest}`)).rows;
    counted = Number(row?.n ?? 0);
  }
  // As many as are ranked: the matches may go on further than any page asks for.
  const totalIsLowerBound = counted >= RANKED_MATCHES;
  const matches = totalIsLowerBound ? Number.POSITIVE_INFINITY : counted;
  const ranked = Math.min(matches, RANKED_MATCHES);

  if (end > ranked && start < matches) {
    const skip = Math.max(start, ranked);
    const rows = await tx
      .select()
      .from(memories)
      .where(sql`${memories.id} IN (SELECT id FROM memory_ids_matching_newest(${matchArgs}, ${skip}, ${Math.min(end, matches) - skip}))`)
      .orderBy(desc(memories.createdAt), desc(memories.id));
    page.push(...rows.map(toMemory));
  }
  // Close spellings are a help for a misspelt or rare word; a word found this often was not misspelt.
  if (matches >= RANKED_MATCHES) return { memories: page, total: Math.min(matches, RANKED_MATCHES), totalIsLowerBound };
  const close = await readCloseSpellings(tx, query, { exact: tsQuery, matches, start, end, ranked: RANKED_MATCHES });
  page.push(...close.memories);
  return { memories: page, total: matches + close.counted, totalIsLowerBound: close.isLowerBound };
}

/** The number of the user's memories that match the list filters (no search), read from the memory_counts table. */
function countedTotal(userId: string, query: ListMemoriesQuery): SQL<number> {
  // The counters are kept by emotion, category and hidden; an audience filter counts the rows themselves.
  // Inside the subquery "memories" names its own rows, so the list's filters apply to them.
  if (query.visibility) return sql<number>`(SELECT count(*) FROM memories WHERE ${and(eq(memories.userId, userId), ...listFilters(query))})::int`;
  const filters: SQL[] = [sql`c.user_id = ${userId}`];
  if (query.emotion) filters.push(sql`c.emotion = ${query.emotion}`);
  if (query.category) filters.push(sql`c.category = ${query.category}`);
  if (!query.includeHidden) filters.push(sql`NOT c.hidden_from_twin`);
  return sql<number>`(SELECT coalesce(sum(c.n), 0) FROM memory_counts AS c WHERE ${sql.join(filters, sql` AND `)})::int`;
}
