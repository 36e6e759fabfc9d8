import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
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
    const tsQuery = sql`websearch_to_tsquery('english', ${query.q})`;
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
  return withUserScope(db, userId, async (tx) => {
    const rows = await tx
      .select()
      .from(memories)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
    const [counted] = await tx.select({ total: count() }).from(memories).where(where);
    return { memories: rows.map(toMemory), total: counted?.total ?? 0 };
  });
}
