import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { ListMemoriesQuery, Memory } from "../../../contract";
import type { Database } from "../../db/client";
import { memories } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { toMemory } from "./memory-shape";

/** Word similarity (pg_trgm) at which a memory counts as a close spelling of the query: "grandmther" finds "grandmother". */
const CLOSE_WORD_SIMILARITY = 0.6;

// `search_vector` is a generated column added by migration 0006 (drizzle cannot declare it), hence raw SQL.
const searchVector = sql`"memories"."search_vector"`;

/**
 * A page of the user's memories and the number that match in all. Without `q`, newest first. With `q`, full-text
 * matches (websearch syntax) come first, ordered by ts_rank; then memories whose content merely contains a word close
 * to the query (pg_trgm word similarity ≥ 0.6, so "grandmther" finds "grandmother"), closest first.
 */
export async function listMemories(db: Database, userId: string, query: ListMemoriesQuery): Promise<{ memories: Memory[]; total: number }> {
  const filters: SQL[] = [eq(memories.userId, userId)];
  if (query.emotion) filters.push(eq(memories.emotion, query.emotion));
  if (query.category) filters.push(eq(memories.category, query.category));
  if (!query.includeHidden) filters.push(eq(memories.hiddenFromTwin, false));
  let order: SQL[] = [desc(memories.createdAt), desc(memories.id)];
  if (query.q) {
    const tsQuery = sql`websearch_to_tsquery('mindprint_english', ${query.q})`;
    // Candidates come from the index-backed functions of migration 0010 (the current user's ids only); the flags
    // below rank them.
    const isFullText = sql`(${memories.id} IN (SELECT id FROM memory_ids_matching(${tsQuery})))`;
    const isClose = sql`(${memories.id} IN (SELECT id FROM memory_ids_near_word(${query.q}, ${CLOSE_WORD_SIMILARITY})))`;
    filters.push(or(isFullText, isClose) as SQL);
    // Each ranking is computed only where it applies: word similarity is costly, and full-text matches never need it.
    order = [
      sql`${isFullText} DESC`,
      sql`CASE WHEN ${isFullText} THEN ts_rank(${searchVector}, ${tsQuery}) ELSE 0 END DESC`,
      sql`CASE WHEN ${isFullText} THEN 0 ELSE word_similarity(${query.q}, ${memories.content}) END DESC`,
      ...order,
    ];
  }
  const where = and(...filters);
  // The total rides along with the page in the same statement (one round trip, one snapshot). Without a search it is
  // the sum of the user's maintained counters (migration 0015), which never re-reads the vault; a search counts its
  // matches.
  const total = query.q ? sql<number>`(SELECT count(*) FROM ${memories} WHERE ${where})::int` : countedTotal(userId, query);
  return withUserScope(db, userId, async (tx) => {
    const rows = await tx
      .select({ memory: memories, total })
      .from(memories)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
    if (rows.length > 0) return { memories: rows.map((row) => toMemory(row.memory)), total: Number(rows[0]!.total) };
    // An empty page carries no total: from the first page that means nothing matches; past the end, ask for it.
    if (query.offset === 0) return { memories: [], total: 0 };
    const [counted] = await tx.select({ total }).from(sql`(SELECT 1) AS one`);
    return { memories: [], total: Number(counted?.total ?? 0) };
  });
}

/** The number of the user's memories that match the list filters (no search), read from the memory_counts table. */
function countedTotal(userId: string, query: ListMemoriesQuery): SQL<number> {
  const filters: SQL[] = [sql`c.user_id = ${userId}`];
  if (query.emotion) filters.push(sql`c.emotion = ${query.emotion}`);
  if (query.category) filters.push(sql`c.category = ${query.category}`);
  if (!query.includeHidden) filters.push(sql`NOT c.hidden_from_twin`);
  return sql<number>`(SELECT coalesce(sum(c.n), 0) FROM memory_counts AS c WHERE ${sql.join(filters, sql` AND `)})::int`;
}
