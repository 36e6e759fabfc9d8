import { count, desc, eq, sql } from "drizzle-orm";
import type { TwinStatus } from "../../../contract";
import type { Database } from "../../db/client";
import { aiReflections, memories, twinConversations, validationFeedback } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../platform/context";
import { retrieve } from "./retrieval";

const SELF_CHECK_MEMORIES = 12;
const SELF_CHECK_MIN = 3;

/**
 * Fidelity self-check (docs/formulas.md): for up to 12 of the person's newest memories the twin is asked about the
 * memory's own tags (or its first words) and must cite that memory. Fidelity is the share it finds.
 */
async function selfCheck(ctx: AppContext, userId: string): Promise<TwinStatus["fidelity"]> {
  return withUserScope(ctx.db, userId, async (tx) => {
    const sample = await tx
      .select({ id: memories.id, content: memories.content, tags: memories.tags })
      .from(memories)
      .where(sql`${memories.userId} = ${userId} AND NOT ${memories.hiddenFromTwin}`)
      .orderBy(desc(memories.createdAt))
      .limit(SELF_CHECK_MEMORIES);
    if (sample.length < SELF_CHECK_MIN) return null;
    let found = 0;
    for (const m of sample) {
      const topic = m.tags.length > 0 ? m.tags.join(" ") : m.content.split(/\s+/).slice(0, 8).join(" ");
      const result = await retrieve(tx, ctx, userId, `Tell me about ${topic}`);
      if (result.items.some((item) => item.id === m.id)) found++;
    }
    return { percent: Math.round((100 * found) / sample.length), checked: sample.length, found };
  });
}

/** The twin status card: what it can draw on, when that last changed, and its measured fidelity. */
export async function getTwinStatus(ctx: AppContext, userId: string): Promise<TwinStatus> {
  const figures = await withUserScope(ctx.db, userId, async (tx) => {
    const [m] = await tx
      .select({
        visible: sql<number>`count(*) FILTER (WHERE NOT ${memories.hiddenFromTwin})::int`,
        hidden: sql<number>`count(*) FILTER (WHERE ${memories.hiddenFromTwin})::int`,
        changed: sql<Date | null>`max(${memories.updatedAt})`,
      })
      .from(memories)
      .where(eq(memories.userId, userId));
    const [a] = await tx.select({ n: count(), changed: sql<Date | null>`max(${validationFeedback.createdAt})` }).from(validationFeedback).where(eq(validationFeedback.userId, userId));
    const [r] = await tx.select({ changed: aiReflections.updatedAt }).from(aiReflections).where(eq(aiReflections.userId, userId));
    const [c] = await tx.select({ n: count() }).from(twinConversations).where(eq(twinConversations.userId, userId));
    const dates = [m?.changed, a?.changed, r?.changed].filter((d): d is Date => Boolean(d)).map((d) => new Date(d));
    return {
      memoriesAvailable: m?.visible ?? 0,
      memoriesHidden: m?.hidden ?? 0,
      calibrationAnswers: a?.n ?? 0,
      lastTrainedAt: dates.length > 0 ? new Date(Math.max(...dates.map((d) => d.getTime()))).toISOString() : null,
      conversations: c?.n ?? 0,
    };
  });
  return { ...figures, fidelity: await selfCheck(ctx, userId), modelName: ctx.llm.name, provider: ctx.config.LLM_PROVIDER };
}
