import { count, desc, eq, sql } from "drizzle-orm";
import type { MemoryStats } from "../../../contract";
import type { Database } from "../../db/client";
import { memories } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** The user's own memory figures, computed from their rows only; averages are null (not 0) when there are none. */
export async function getMemoryStats(db: Database, userId: string): Promise<MemoryStats> {
  return withUserScope(db, userId, async (tx) => {
    const mine = eq(memories.userId, userId);
    const [totals] = await tx
      .select({
        total: count(),
        hidden: sql<number>`count(*) FILTER (WHERE ${memories.hiddenFromTwin})::int`,
        averageAuthenticity: sql<number | null>`avg(${memories.authenticityScore})::float8`,
        averageIntensity: sql<number | null>`avg(${memories.emotionalIntensity})::float8`,
      })
      .from(memories)
      .where(mine);
    // Ties in count are broken by the stronger feeling (mean intensity), then the more recent memory (docs/formulas.md).
    const meanIntensity = sql<number>`avg(${memories.emotionalIntensity})::float8`;
    const latest = sql<Date>`max(${memories.createdAt})`;
    const byEmotion = (
      await tx
        .select({ emotion: memories.emotion, count: count(), meanIntensity, latest })
        .from(memories)
        .where(mine)
        .groupBy(memories.emotion)
        .orderBy(desc(count()), desc(meanIntensity), desc(latest), memories.emotion)
    ).map((e) => ({ emotion: e.emotion, count: e.count, meanIntensity: oneDecimal(e.meanIntensity)! }));
    const byCategory = await tx
      .select({ category: memories.category, count: count() })
      .from(memories)
      .where(mine)
      .groupBy(memories.category)
      .orderBy(desc(count()), memories.category);
    return {
      total: totals?.total ?? 0,
      hidden: totals?.hidden ?? 0,
      byEmotion: byEmotion as MemoryStats["byEmotion"],
      byCategory: byCategory as MemoryStats["byCategory"],
      averageAuthenticity: oneDecimal(totals?.averageAuthenticity ?? null),
      averageIntensity: oneDecimal(totals?.averageIntensity ?? null),
    };
  });
}
