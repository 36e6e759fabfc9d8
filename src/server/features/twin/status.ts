import { count, eq, sql } from "drizzle-orm";
import type { TwinStatus } from "../../../contract";
import { aiReflections, memories, twinConversations, validationFeedback } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import type { AppContext } from "../../app-context";
import { HONESTY_PROBES } from "./honesty-probes";
import { readQuestion, tsQueryText } from "./query-terms";
import { retrieve } from "./retrieval";

const HONESTY_MIN_MEMORIES = 3;
const HONESTY_PROBES_ASKED = 6;

/**
 * Honesty self-check (docs/formulas.md): up to six probes about things the person never recorded (no topic word of
 * the probe occurs in any of their memories or calibration answers) are put to the twin's retrieval; the figure is
 * the share it declined. It cannot pass by word overlap (there is none by construction) and falls whenever the twin
 * answers from material that is only near the question.
 */
async function honestyCheck(ctx: AppContext, userId: string, visibleMemories: number): Promise<TwinStatus["honesty"]> {
  if (visibleMemories < HONESTY_MIN_MEMORIES) return null;
  return withUserScope(ctx.db, userId, async (tx) => {
    let checked = 0;
    let declined = 0;
    for (const probe of HONESTY_PROBES) {
      if (checked >= HONESTY_PROBES_ASKED) break;
      const groups = readQuestion(probe).groups;
      const query = sql.join(groups.map((g) => sql`to_tsquery('mindprint_english', ${tsQueryText(g)})`), sql` || `);
      const shared = await tx.execute<{ n: number }>(sql`
        SELECT (SELECT count(*) FROM memory_ids_matching(${query}))::int
          + (SELECT count(*) FROM digital_twin_validation_feedback c WHERE c.user_id = ${userId}
               AND to_tsvector('mindprint_english', c.statement || ' ' || c.response) @@ (${query}))::int AS n`);
      if ((shared.rows[0]?.n ?? 0) > 0) continue;
      checked += 1;
      const result = await retrieve(tx, ctx, userId, probe);
      if (!result.confident) declined += 1;
    }
    return checked === 0 ? null : { percent: Math.round((100 * declined) / checked), checked, declined };
  });
}

/** The twin status card: what it can draw on, when that last changed, the owner's ratings and the honesty check. */
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
    const [c] = await tx
      .select({
        n: count(),
        rated: sql<number>`count(*) FILTER (WHERE ${twinConversations.feedback} IS NOT NULL)::int`,
        up: sql<number>`count(*) FILTER (WHERE ${twinConversations.feedback} = 'up')::int`,
      })
      .from(twinConversations)
      .where(eq(twinConversations.userId, userId));
    const embedded = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM memories m
      JOIN twin_embeddings e ON e.memory_id = m.id AND e.model_id = ${ctx.embedder.modelId} AND e.text_hash = memory_embedding_hash(m.content, m.tags)
      WHERE m.user_id = ${userId} AND NOT m.hidden_from_twin`);
    const reading = await tx.execute<{ busy: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM jobs WHERE kind = 'twin-embed' AND status IN ('queued', 'running') AND payload->>'userId' = ${userId}) AS busy`);
    const dates = [m?.changed, a?.changed, r?.changed].filter((d): d is Date => Boolean(d)).map((d) => new Date(d));
    return {
      memoriesAvailable: m?.visible ?? 0,
      memoriesHidden: m?.hidden ?? 0,
      memoriesEmbedded: embedded.rows[0]?.n ?? 0,
      readingMemories: Boolean(reading.rows[0]?.busy),
      calibrationAnswers: a?.n ?? 0,
      lastTrainedAt: dates.length > 0 ? new Date(Math.max(...dates.map((d) => d.getTime()))).toISOString() : null,
      conversations: c?.n ?? 0,
      ratings: { rated: c?.rated ?? 0, up: c?.up ?? 0 },
    };
  });
  return { ...figures, honesty: await honestyCheck(ctx, userId, figures.memoriesAvailable), modelName: ctx.llm.name, provider: ctx.config.LLM_PROVIDER };
}
