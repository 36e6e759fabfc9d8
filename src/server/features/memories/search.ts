import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ListMemoriesQuery, Memory } from "../../../contract";
import type { Database, Transaction } from "../../db/client";
import { memories } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { CLOSE_QUERY_WORDS, CLOSE_WORD_SIMILARITY, CLOSE_WORDS_PER_WORD, readCloseSpellings } from "./close-spellings";
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
  if (start === 0) {
    const first = await readFirstPage(tx, query, matchArgs, end);
    if (first.zone === "close") return first.page;
    page.push(...first.page.memories);
    counted = first.page.total;
  } else if (start < RANKED_MATCHES) {
    const slice = sql`memory_ids_ranked_newest(${matchArgs}, ${RANKED_MATCHES}, ${start}, ${Math.min(end, RANKED_MATCHES) - start}) AS r`;
    const rows = await tx
      .select({ memory: memories, n: sql<number>`r.matched` })
      .from(memories)
      .innerJoin(slice, sql`r.id = ${memories.id}`)
      .orderBy(sql`r.rank DESC`, desc(memories.createdAt), desc(memories.id));
    page.push(...rows.map((row) => toMemory(row.memory)));
    if (rows.length > 0) counted = Number(rows[0]!.n);
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

/**
 * The first page in one statement, whichever zone it comes from: the ranked newest exact matches, or, only when the
 * words match nothing (most often a misspelling), the memories holding close spellings of them. A word the index does
 * not know then costs one statement, as a word it knows does (issue 40: a misspelt search was two, and half the
 * throughput of a page). `zone` says which answered; the exact zone's total is its count of matches, as far as ranked.
 */
async function readFirstPage(tx: Transaction, query: ListMemoriesQuery & { q: string }, matchArgs: SQL, end: number): Promise<{ zone: "exact" | "close"; page: MemoryPage }> {
  const take = Math.min(end, RANKED_MATCHES);
  const filters = sql`${query.emotion ?? null}::text, ${query.category ?? null}::text, ${query.includeHidden}, ${query.visibility ?? null}::text`;
  const terms = sql`memory_close_terms(${query.q}, ${CLOSE_WORD_SIMILARITY}::real, ${CLOSE_WORDS_PER_WORD}, ${CLOSE_QUERY_WORDS}) AS c`;
  // The close zone is a one-time-filtered branch: PostgreSQL does not run it at all when the exact zone found rows.
  const zones = sql`(WITH exact AS MATERIALIZED (SELECT e.id, e.rank, e.matched FROM memory_ids_ranked_newest(${matchArgs}, ${RANKED_MATCHES}, 0, ${take}) AS e)
    SELECT id, rank, matched, 0 AS zone FROM exact
    UNION ALL
    SELECT r.id, r.closeness, r.matched, 1 FROM ${terms}, LATERAL memory_ids_close_ranked(c.close_query, c.terms, c.similarities, ${filters}, ${RANKED_MATCHES}, 0, ${take}) AS r
    WHERE NOT EXISTS (SELECT 1 FROM exact)) AS z`;
  const rows = await tx
    .select({ memory: memories, n: sql<number>`z.matched`, zone: sql<number>`z.zone` })
    .from(memories)
    .innerJoin(zones, sql`z.id = ${memories.id}`)
    .orderBy(sql`z.zone`, sql`z.rank DESC`, desc(memories.createdAt), desc(memories.id));
  const found = rows.map((row) => toMemory(row.memory));
  const counted = rows.length > 0 ? Number(rows[0]!.n) : 0;
  if (rows.length > 0 && Number(rows[0]!.zone) === 1) {
    // No exact match: the page is the close zone's, counted as far as it is ranked (a first page never reaches past it).
    return { zone: "close", page: { memories: found, total: Math.min(counted, RANKED_MATCHES), totalIsLowerBound: counted >= RANKED_MATCHES } };
  }
  if (rows.length === 0) return { zone: "close", page: { memories: [], total: 0, totalIsLowerBound: false } };
  return { zone: "exact", page: { memories: found, total: counted, totalIsLowerBound: counted >= RANKED_MATCHES } };
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
