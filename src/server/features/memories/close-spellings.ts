import { desc, sql, type SQL } from "drizzle-orm";
import type { ListMemoriesQuery, Memory } from "../../../contract";
import type { Transaction } from "../../db/client";
import { memories } from "../../db/schema";
import { toMemory } from "./memory-shape";

/** Word similarity (pg_trgm) at which one of the person's words counts as a close spelling of a query word. */
export const CLOSE_WORD_SIMILARITY = 0.6;
/** At most this many close spellings per query word, the closest first, and this many query words widened. */
export const CLOSE_WORDS_PER_WORD = 5;
export const CLOSE_QUERY_WORDS = 8;

export interface CloseZone {
  memories: Memory[];
  /** How many memories hold close spellings, counted as far as they are ranked (like the words' own matches). */
  counted: number;
  isLowerBound: boolean;
}

/**
 * The memories that hold a close spelling of the query's words and are not already among its `matches` full-text
 * matches: the slice of them a page [start, end) of the whole search shows, the newest `ranked` ranked by the closest
 * spelling they hold, older ones newest first. The close spellings come from the person's own words (memory_words,
 * migration 0039), a few per query word, so the work is bounded by the page, not by the vault (decision 0023).
 */
export async function readCloseSpellings(
  tx: Transaction,
  query: ListMemoriesQuery & { q: string },
  zone: { exact: SQL; matches: number; start: number; end: number; ranked: number },
): Promise<CloseZone> {
  const terms = sql`memory_close_terms(${query.q}, ${CLOSE_WORD_SIMILARITY}::real, ${CLOSE_WORDS_PER_WORD}, ${CLOSE_QUERY_WORDS}) AS c`;
  // When the words matched nothing there is nothing to leave out, and the negation is the costliest part of the walk.
  const closeQuery = zone.matches === 0 ? sql`c.close_query` : sql`c.close_query && !! ${zone.exact}`;
  const filters = sql`${query.emotion ?? null}::text, ${query.category ?? null}::text, ${query.includeHidden}, ${query.visibility ?? null}::text`;
  const { ranked } = zone;
  // The page in the close zone's own positions.
  const start = Math.max(zone.start - zone.matches, 0);
  const end = zone.end - zone.matches;
  const page: Memory[] = [];

  let counted: number | null = null;
  if (end > 0 && start < ranked) {
    const slice = sql`(SELECT r.* FROM ${terms}, LATERAL memory_ids_close_ranked(${closeQuery}, c.terms, c.similarities, ${filters}, ${ranked}, ${start}, ${Math.min(end, ranked) - start}) AS r) AS r`;
    const rows = await tx
      .select({ memory: memories, n: sql<number>`r.matched` })
      .from(memories)
      .innerJoin(slice, sql`r.id = ${memories.id}`)
      .orderBy(sql`r.closeness DESC`, desc(memories.createdAt), desc(memories.id));
    page.push(...rows.map((row) => toMemory(row.memory)));
    if (rows.length > 0) counted = Number(rows[0]!.n);
    // The first slice came back empty: there are none at all.
    else if (start === 0) counted = 0;
  }
  if (counted === null) {
    const newest = sql`memory_ids_matching_newest(${closeQuery}, ${filters}, 0, ${ranked})`;
    const [row] = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${terms}, LATERAL ${newest} AS r`)).rows;
    counted = Number(row?.n ?? 0);
  }
  const isLowerBound = counted >= ranked;
  if (isLowerBound && end > ranked) {
    const skip = Math.max(start, ranked);
    const older = sql`(SELECT r.id FROM ${terms}, LATERAL memory_ids_matching_newest(${closeQuery}, ${filters}, ${skip}, ${end - skip}) AS r)`;
    const rows = await tx
      .select()
      .from(memories)
      .where(sql`${memories.id} IN ${older}`)
      .orderBy(desc(memories.createdAt), desc(memories.id));
    page.push(...rows.map(toMemory));
  }
  return { memories: page, counted: Math.min(counted, ranked), isLowerBound };
}
