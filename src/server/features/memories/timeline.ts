import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { MemoryTimeline, MemoryTimelineQuery } from "../../../contract";
import type { Database } from "../../db/client";
import { memories } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { toMemory } from "./memory-shape";

/**
 * The vault by decade of when the memories happened. `happened_on` is ISO text at any precision ("1998",
 * "1998-06", "1998-06-14"), so text order is time order and a decade is a text range: "1990" ≤ x < "2000".
 */
export async function getMemoryTimeline(db: Database, userId: string, query: MemoryTimelineQuery): Promise<MemoryTimeline> {
  return withUserScope(db, userId, async (tx) => {
    const mine = eq(memories.userId, userId);
    const decadeOf = sql<number>`(left(${memories.happenedOn}, 4)::int / 10 * 10)`;
    const decades = await tx
      .select({ decade: decadeOf, count: sql<number>`count(*)::int` })
      .from(memories)
      .where(and(mine, sql`${memories.happenedOn} IS NOT NULL`))
      .groupBy(decadeOf)
      .orderBy(decadeOf);
    const [undated] = await tx.select({ count: sql<number>`count(*)::int` }).from(memories).where(and(mine, isNull(memories.happenedOn)));
    const decade = query.decade ?? decades[0]?.decade ?? null;
    const shown = decades.find((d) => d.decade === decade);
    const rows =
      decade === null || !shown
        ? []
        : await tx
            .select()
            .from(memories)
            .where(and(mine, gte(memories.happenedOn, String(decade).padStart(4, "0")), lt(memories.happenedOn, String(decade + 10).padStart(4, "0"))))
            .orderBy(asc(memories.happenedOn), asc(memories.createdAt), asc(memories.id))
            .limit(query.limit)
            .offset(query.offset);
    return {
      decades: decades.map((d) => ({ decade: Number(d.decade), count: Number(d.count) })),
      undated: Number(undated?.count ?? 0),
      decade,
      memories: rows.map(toMemory),
      total: shown ? Number(shown.count) : 0,
    };
  });
}
