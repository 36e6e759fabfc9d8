import { streamText } from "ai";
import type { AppContext } from "../../platform/context";
import { twinConversations, type TwinLineage } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { buildTwinMessages, citedRefs, twinSystemPrompt } from "../../providers/llm/twin-prompt";
import { groundingScore } from "./grounding";
import { prepareTurn, type TwinTurn } from "./turn";

export interface SavedAnswer {
  id: string;
  userMessageId: string;
  text: string;
  authenticityScore: number | null;
  lineage: TwinLineage;
  /** The cited rows, for "Based on: …". */
  sources: Array<{ kind: "memory" | "calibration"; id: string; label: string }>;
  abstained: boolean;
  modelName: string;
  createdAt: Date;
}

const label = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 60 ? `${flat.slice(0, 60).trimEnd()}…` : flat;
};

/**
 * Starts the twin's answer to a question: retrieval (user-scoped), then the configured model streaming a
 * first-person answer from the retrieved material. `save()` waits for the full text and stores the question and
 * the answer with its lineage in one transaction; a stream that fails or is stopped never reaches it, so nothing
 * half-written is stored.
 */
export async function startAnswer(ctx: AppContext, userId: string, question: string, abortSignal?: AbortSignal) {
  const turn: TwinTurn = await withUserScope(ctx.db, userId, (tx) => prepareTurn(tx, userId, question));
  const generationStarted = performance.now();
  const result = streamText({
    model: ctx.llm.model,
    instructions: twinSystemPrompt(turn.context.firstName),
    messages: buildTwinMessages(turn.context, turn.history),
    maxRetries: 0,
    abortSignal: abortSignal ? AbortSignal.any([abortSignal, AbortSignal.timeout(ctx.llm.timeoutMs)]) : AbortSignal.timeout(ctx.llm.timeoutMs),
  });

  async function save(): Promise<SavedAnswer> {
    const text = (await result.text).trim();
    if (text.length === 0) throw new Error("the model returned an empty answer");
    const generationMs = performance.now() - generationStarted;
    const refs = [...turn.sourceRows.keys()];
    // The local model composes only from the sources it was given; an LLM is held to the citations it makes.
    const isLocal = ctx.config.LLM_PROVIDER === "local";
    const cited = isLocal ? refs : citedRefs(text, refs);
    const rows = cited.map((ref) => turn.sourceRows.get(ref)!);
    const lineage: TwinLineage = {
      memoryIds: rows.filter((r) => r.kind === "memory").map((r) => r.id),
      calibrationIds: rows.filter((r) => r.kind === "calibration").map((r) => r.id),
      traits: turn.context.traits,
      provider: ctx.config.LLM_PROVIDER,
      retrievalMs: Math.round(turn.retrievalMs * 10) / 10,
      generationMs: Math.round(generationMs * 10) / 10,
    };
    const score = groundingScore(text, rows.map((r) => (r.kind === "memory" ? r.content : `${r.statement} ${r.response}`)));
    const saved = await withUserScope(ctx.db, userId, async (tx) => {
      const [asked] = await tx.insert(twinConversations).values({ userId, messageType: "user", prompt: question, response: "" }).returning();
      const [answered] = await tx
        .insert(twinConversations)
        .values({ userId, messageType: "ai", prompt: question, response: text, authenticityScore: score, lineage, modelName: ctx.llm.name })
        .returning();
      return { asked: asked!, answered: answered! };
    });
    return {
      id: saved.answered.id,
      userMessageId: saved.asked.id,
      text,
      authenticityScore: score,
      lineage,
      sources: rows.map((r) => ({ kind: r.kind, id: r.id, label: label(r.kind === "memory" ? r.content : r.statement) })),
      abstained: rows.length === 0,
      modelName: ctx.llm.name,
      createdAt: saved.answered.createdAt,
    };
  }

  return { turn, result, save };
}
