import { sql } from "drizzle-orm";
import type { AppContext } from "../../app-context";
import { withUserScope } from "../../db/user-scope";
import { safeErrorLine } from "../../platform/log-safe-error";
import { memoryAccessSql, NOT_RELEASED } from "../legacy";
import { bestDot, decodeVectors, questionText } from "../twin";
import type { PredictionMaterial } from "./scenario-prediction";
import type { DecisionScenario } from "./scenario-types";

// Memories whose whole text is nearest each option are read in full (their sentences too); the three best of those
// and of the calibration answers make the option's similarity.
const NEAREST = 8;
const BEST = 3;
// Below this, nothing the person recorded is about the decision: the twin reader's learned "nothing answers this"
// (0.34 was MiniLM's threshold for a related item).
const RELATED_TO_MINILM = 0.34;
const EMBED_TIMEOUT_MS = 5000;

/**
 * How close each option of a scenario is in meaning to what the person recorded (docs/formulas.md, "Decision
 * scenarios"), as the owner's twin may use it (hidden memories never). Null when nothing is near the decision, or
 * when the encoder is unavailable: the prediction then rests on the profile and the other choices.
 */
export async function meaningEvidence(ctx: AppContext, userId: string, scenario: DecisionScenario, now: Date): Promise<PredictionMaterial["evidence"]> {
  // Each option is asked of the person's material as a question is.
  const texts = scenario.options.map((o) => questionText(ctx.embedder, `${scenario.prompt} ${o.text}`));
  const related = ctx.embedder.reader?.nothingScore ?? RELATED_TO_MINILM;
  const vectors = await Promise.race([
    ctx.embedder.embed(texts, "query").catch((error: unknown) => {
      console.error("scenario embedding failed:", safeErrorLine(error));
      return null;
    }),
    new Promise<null>((resolve) => setTimeout(resolve, EMBED_TIMEOUT_MS, null).unref()),
  ]);
  if (!vectors) return null;
  const modelId = ctx.embedder.modelId;
  const dimensions = ctx.embedder.dimensions;
  const filter = memoryAccessSql({ kind: "owner" }, NOT_RELEASED, now, "twinMayUse");
  return withUserScope(
    ctx.db,
    userId,
    async (tx) => {
      const near = new Set<string>();
      for (const v of vectors) for (const n of await ctx.vectorIndex.nearest(tx, userId, modelId, v, NEAREST)) near.add(n.id);
      const memories = near.size
        ? (
            await tx.execute<{ vectors: Buffer }>(sql`
              SELECT e.vectors FROM memories m JOIN twin_embeddings e ON e.memory_id = m.id AND e.model_id = ${modelId} AND e.text_hash = memory_embedding_hash(m.content, m.tags)
              WHERE m.id IN (${sql.join([...near].map((id) => sql`${id}::uuid`), sql`, `)}) AND m.user_id = ${userId} AND ${filter}`)
          ).rows.map((r) => decodeVectors(r.vectors))
        : [];
      // A calibration answer's first vector is the scenario with the person's answer; the second (the scenario alone)
      // says nothing about which option they would take.
      const answers = (
        await tx.execute<{ vectors: Buffer }>(sql`
          SELECT substring(e.vectors FROM 1 FOR ${dimensions * 4}) AS vectors FROM digital_twin_validation_feedback c
          JOIN twin_embeddings e ON e.calibration_id = c.id AND e.model_id = ${modelId} AND e.text_hash = calibration_embedding_hash(c.statement, c.response)
          WHERE c.user_id = ${userId} ORDER BY c.created_at DESC LIMIT 500`)
      ).rows.map((r) => decodeVectors(r.vectors));
      const from = new Set<"memories" | "calibration">();
      const similarity = vectors.map((v) => {
        const scored = [...memories.map((m) => ({ from: "memories" as const, s: bestDot(v, m) })), ...answers.map((a) => ({ from: "calibration" as const, s: bestDot(v, a) }))]
          .sort((a, b) => b.s - a.s)
          .slice(0, BEST);
        for (const x of scored) if (x.s >= related) from.add(x.from);
        return scored.length ? scored.reduce((n, x) => n + x.s, 0) / scored.length : 0;
      });
      if (from.size === 0) return null;
      return { similarity, from: [...from] };
    },
    { accessMode: "read only" },
  );
}
