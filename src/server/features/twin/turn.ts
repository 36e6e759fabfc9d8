import { desc, eq } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { aiReflections, profiles, twinConversations } from "../../db/schema";
import type { TwinContext, TwinSource } from "../../providers/llm/twin-input";
import { retrieve, type Retrieval, type RetrievalDeps, type RetrievedItem } from "./retrieval";

/** Earlier turns the model sees, so "and then?" has something to follow; the newest ones only. */
const HISTORY_MESSAGES = 6;

export interface TwinTurn {
  context: TwinContext;
  retrieval: Retrieval;
  /** The stored row behind each source ref. */
  sourceRows: Map<number, RetrievedItem>;
  history: Array<{ role: "user" | "assistant"; text: string }>;
  retrievalMs: number;
}

/** Everything one answer needs, read in the caller's user-scoped transaction. */
export async function prepareTurn(tx: Transaction, deps: RetrievalDeps, userId: string, question: string, options: { asDecision?: boolean } = {}): Promise<TwinTurn> {
  const started = performance.now();
  const retrieval = await retrieve(tx, deps, userId, question, options);
  const [profile] = await tx.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, userId));
  const [reflection] = await tx.select({ traits: aiReflections.traitsUsed }).from(aiReflections).where(eq(aiReflections.userId, userId));
  const recent = await tx
    .select({ type: twinConversations.messageType, prompt: twinConversations.prompt, response: twinConversations.response })
    .from(twinConversations)
    .where(eq(twinConversations.userId, userId))
    .orderBy(desc(twinConversations.createdAt), desc(twinConversations.id))
    .limit(HISTORY_MESSAGES);
  const retrievalMs = performance.now() - started;
  const sourceRows = new Map<number, RetrievedItem>();
  const sources: TwinSource[] = retrieval.items.map((item, i) => {
    sourceRows.set(i + 1, item);
    return item.kind === "memory"
      ? { ref: i + 1, kind: "memory", text: item.content, emotion: item.emotion, matched: item.matched, passage: item.passage }
      : { ref: i + 1, kind: "calibration", scenario: item.statement, answer: item.response, matched: item.matched };
  });
  return {
    context: {
      firstName: profile?.firstName ?? null,
      question,
      intent: retrieval.terms.wantsAdvice ? "advice" : "recollection",
      sources,
      traits: reflection?.traits ?? [],
      topics: retrieval.topics,
    },
    retrieval,
    sourceRows,
    history: recent.reverse().map((m) => (m.type === "user" ? { role: "user" as const, text: m.prompt } : { role: "assistant" as const, text: m.response })),
    retrievalMs,
  };
}

