import { streamText } from "ai";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { AppContext } from "../../app-context";
import { twinConversations, type StoredAnswerKind, type TwinLineage } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { buildTwinMessages, citedRefs, twinSystemPrompt } from "../../providers/llm/twin-prompt";
import { formatHappenedOn, type TwinSourceRef } from "../../../contract";
import { groundingScore } from "./grounding";
import { sourceLabel } from "./sources";
import { createPreparedReplyModel } from "../../providers/llm/local-model";
import { isKnownMinor } from "../age";
import { asksWhatItIs, checkInText, countCrisis, identityReply, noticeDueIn, noticeText, supportReply, type NoticeReason, type TwinSurface } from "./safety";
import { ownerFirstName, prepareTurn, type TwinTurn } from "./turn";
import { claimsToBeThem, encouragesSelfHarm } from "./output-check";
import { heldForCheck } from "../../providers/llm/held-output";
import { questionVector } from "./fresh-vectors";
import { readerCountry } from "./reader-country";

export interface FinishedAnswer {
  text: string;
  authenticityScore: number | null;
  lineage: TwinLineage;
  /** The cited rows, for "Based on: …"; none when the answer is not from the person's memories (a decline, or a model that cited nothing it was given). */
  sources: TwinSourceRef[];
  abstained: boolean;
  modelName: string;
  /** The notice that the twin is an AI, when this answer carries it (start of a session, then every 3 hours). */
  aiNotice: string | null;
  /** Mindprint's check-in before the answer, when the crisis check was unsure (issue 42). */
  checkIn: string | null;
  /** That check-in was raised by the conversation, not the message alone: a conversation raises one once (issue 59). */
  checkInByContext: boolean;
  /**
   * What this answer is, stored with it: the twin's own, or a message Mindprint gives in its place (the support message
   * to a person in crisis, the answer to "Are you real?"), which is never spoken, rated or based on anything.
   */
  kind: StoredAnswerKind;
}

export interface SavedAnswer extends FinishedAnswer {
  id: string;
  userMessageId: string;
  createdAt: Date;
}

export interface AnswerOptions {
  abortSignal?: AbortSignal;
  /** The laboratory's scenario box: always answered as "what would you do". */
  asDecision?: boolean;
  /**
   * Prepares the turn instead of the owner's own (a visitor's, read with their reader rule). It runs only after the
   * message passed the crisis check, so a message in crisis never reaches retrieval.
   */
  prepare?: () => Promise<TwinTurn>;
  /** Where the question and answer are stored, instead of the owner's twin history (a visitor's own conversation). */
  store?: (answer: FinishedAnswer, askedAt: Date) => Promise<{ id: string; userMessageId: string; createdAt: Date; sources?: TwinSourceRef[] }>;
  /** Which twin this is (the owner's by default), for the crisis count. */
  surface?: TwinSurface;
  /** Why this answer carries the AI notice (or null); the owner's twin decides from their own history by default. */
  noticeDue?: () => Promise<NoticeReason>;
  /** Who is asking, when it is an account (the owner, or a contact): a known minor is asked to take breaks. */
  askerId?: string;
  /**
   * The asker's earlier messages in this conversation, oldest first, for the crisis check (intent that builds across
   * turns), and whether the conversation has already raised a check-in of its own; the owner's twin reads its own
   * history by default, a memorial has none.
   */
  context?: () => Promise<CrisisContext>;
  /** The asker's browser time zone (TIME_ZONE_HEADER): where they are when their profile does not say (helplines). */
  timeZone?: string | null;
}

/** What the crisis check reads of a conversation: its last few messages, and whether it raised a check-in already. */
export interface CrisisContext {
  messages: string[];
  raised: boolean;
}

/** How far back a conversation's earlier messages are read with a new one by the crisis check. */
const CONTEXT_HOURS = 24;
const CONTEXT_MESSAGES = 3;

/** The owner's own last few questions to their twin in the last day, oldest first, and whether that day raised a check-in. */
async function ownerContext(ctx: AppContext, userId: string): Promise<CrisisContext> {
  return withUserScope(ctx.db, userId, async (tx) => {
    const recent = and(eq(twinConversations.userId, userId), gt(twinConversations.createdAt, sql`now() - make_interval(hours => ${CONTEXT_HOURS})`));
    const rows = await tx
      .select({ prompt: twinConversations.prompt })
      .from(twinConversations)
      .where(and(recent, eq(twinConversations.messageType, "user")))
      .orderBy(desc(twinConversations.createdAt), desc(twinConversations.id))
      .limit(CONTEXT_MESSAGES);
    const [raised] = await tx.select({ id: twinConversations.id }).from(twinConversations).where(and(recent, eq(twinConversations.checkInByContext, true))).limit(1);
    return { messages: rows.map((r) => r.prompt).reverse(), raised: raised !== undefined };
  });
}

/** A turn with no material: what a message in crisis gets, since it is never looked up. */
const emptyTurn = (firstName: string | null, question: string): TwinTurn => ({
  context: { firstName, question, intent: "recollection", sources: [], traits: [], profile: [], topics: [] },
  retrieval: { terms: { groups: [], emotions: [], wantsAdvice: false, asksFeeling: false }, items: [], confident: false, topics: [], nearMiss: null, runnersUp: [], weighed: [] },
  sourceRows: new Map(),
  history: [],
  retrievalMs: 0,
});

/**
 * Starts the twin's answer to a question: retrieval (user-scoped), then the configured model streaming a
 * first-person answer from the retrieved material. `save()` waits for the full text and stores the question and
 * the answer with its lineage in one transaction; a stream that fails or is stopped never reaches it, so nothing
 * half-written is stored.
 */
export async function startAnswer(ctx: AppContext, userId: string, question: string, options: AnswerOptions = {}) {
  const { abortSignal } = options;
  const askedAt = new Date();
  const surface = options.surface ?? "owner";
  // The encoder starts on the owner's question meanwhile: that reads nothing of anyone's, and retrieval finds it ready
  // (a family member's is first heard from their side, turn.ts, so it is another text).
  if (surface === "owner") void questionVector(ctx.embedder, question);
  // Before anything is looked up: a person in crisis gets help, not a character (issues 33 and 42, the Trust page's
  // protocol), read with the conversation's last few messages.
  const context = options.context ? await options.context() : surface === "owner" && !options.asDecision ? await ownerContext(ctx, userId) : { messages: [], raised: false };
  // The check is about the person writing: their message and their conversation, never what the twin would quote. A
  // conversation raises a check-in once; after that, a message needs a signal of its own (issue 59).
  const { tier, byContext } = await ctx.crisis.detect(question, context.messages, { contextMayRaise: !context.raised });
  const askerId = options.askerId === undefined && surface === "owner" ? userId : options.askerId;
  // The helplines of the asker's country first: their profile's, else their browser's time zone's.
  const country = tier || ctx.config.LLM_PROVIDER !== "local" ? await readerCountry(ctx.db, askerId ?? null, options.timeZone ?? null) : null;
  // "Are you real?" is answered by what the twin is, whatever the model: none may claim to be the person.
  const prepared = tier === "support" ? "crisis" : asksWhatItIs(question) ? "identity" : null;
  if (tier) await withUserScope(ctx.db, userId, (tx) => countCrisis(tx, surface));
  // A prepared answer looks nothing up: its turn is empty but for the owner's name.
  const turn: TwinTurn = prepared
    ? emptyTurn(await withUserScope(ctx.db, userId, (tx) => ownerFirstName(tx, userId)), question)
    : options.prepare
      ? await options.prepare()
      : await withUserScope(ctx.db, userId, (tx) => prepareTurn(tx, ctx, userId, question, { asDecision: options.asDecision, offerRunnersUp: ctx.llm.citation === "inline-markers" }));
  const checkIn = tier === "check-in" && !prepared ? checkInText(ctx, country) : null;
  const support = prepared === "crisis";
  if (options.asDecision) {
    turn.context.intent = "advice";
    turn.history = [];
  }
  const reason = await (options.noticeDue ?? (() => withUserScope(ctx.db, userId, (tx) => noticeDueIn(tx, "twin_conversations", { userId }, new Date()))))();
  const minor = reason === "continued" && askerId ? await withUserScope(ctx.db, askerId, (tx) => isKnownMinor(tx, askerId, ctx.clock.now())) : false;
  const notice = noticeText(reason, turn.context.firstName, minor);
  const generationStarted = performance.now();
  // A remote model's answer is held and checked before it is shown: no claim to be the person, no encouragement of
  // self-harm (issue 42). The offline model composes from the person's own sentences and is not held.
  let overruled: "support" | "identity" | null = null;
  const name = turn.context.firstName;
  const checked =
    support || prepared || ctx.config.LLM_PROVIDER === "local"
      ? null
      : heldForCheck(ctx.llm.model, (text) => {
          overruled = encouragesSelfHarm(text) ? "support" : claimsToBeThem(text, name) ? "identity" : null;
          return overruled === "support" ? supportReply(ctx, name, country) : overruled === "identity" ? identityReply(name) : null;
        });
  const model = support ? createPreparedReplyModel(supportReply(ctx, name, country)) : prepared === "identity" ? createPreparedReplyModel(identityReply(name)) : (checked ?? ctx.llm.model);
  const result = streamText({
    model,
    instructions: twinSystemPrompt(turn.context.firstName),
    messages: buildTwinMessages(turn.context, turn.history),
    maxRetries: 0,
    abortSignal: abortSignal ? AbortSignal.any([abortSignal, AbortSignal.timeout(ctx.llm.timeoutMs)]) : AbortSignal.timeout(ctx.llm.timeoutMs),
  });

  /** The complete answer with its lineage and grounding score; rejects when the stream failed or was stopped. */
  async function finish(): Promise<FinishedAnswer> {
    const text = (await result.text).trim();
    if (text.length === 0) throw new Error("the model returned an empty answer");
    const generationMs = performance.now() - generationStarted;
    // Overruled by the output check: Mindprint's message, based on nothing.
    const kind: StoredAnswerKind = support || overruled === "support" ? "support" : prepared === "identity" || overruled === "identity" ? "identity" : "answer";
    const refs = kind === "answer" ? [...turn.sourceRows.keys()] : [];
    // The provider says how its sources are known (create-model.ts): all of them, or the [n] markers it wrote.
    const cited = ctx.llm.citation === "all-sources" ? refs : citedRefs(text, refs);
    const rows = cited.map((ref) => turn.sourceRows.get(ref)!);
    const lineage: TwinLineage = {
      memoryIds: rows.filter((r) => r.kind === "memory").map((r) => r.id),
      calibrationIds: rows.filter((r) => r.kind === "calibration").map((r) => r.id),
      traits: turn.context.traits,
      provider: ctx.config.LLM_PROVIDER,
      retrievalMs: Math.round(turn.retrievalMs * 10) / 10,
      generationMs: Math.round(generationMs * 10) / 10,
    };
    // A memory's date is part of what it says: "That was in June 1998." is grounded in it.
    const score = groundingScore(text, rows.map((r) => ({ text: r.kind === "memory" ? `${r.content} ${r.happenedOn ? formatHappenedOn(r.happenedOn) : ""}` : `${r.statement} ${r.response}`, chance: r.score })));
    return {
      text,
      authenticityScore: score,
      lineage,
      sources: rows.map((r) => ({ kind: r.kind, id: r.id, label: sourceLabel(r.kind === "memory" ? r.content : r.statement), available: true })),
      abstained: rows.length === 0,
      modelName: kind === "support" ? "Mindprint support message" : kind === "identity" ? "Mindprint" : ctx.llm.name,
      aiNotice: notice,
      checkIn,
      checkInByContext: checkIn !== null && byContext === true,
      kind,
    };
  }

  /** Finishes the answer and stores the question and the answer with its lineage, in one transaction. */
  async function save(): Promise<SavedAnswer> {
    const answer = await finish();
    if (options.store) return { ...answer, ...(await options.store(answer, askedAt)) };
    const saved = await withUserScope(ctx.db, userId, async (tx) => {
      // The question keeps the time it was asked, the answer the time it was stored, so history sorts as it happened.
      const [asked] = await tx.insert(twinConversations).values({ userId, messageType: "user", prompt: question, response: "", createdAt: askedAt }).returning();
      const [answered] = await tx
        .insert(twinConversations)
        .values({
          userId,
          messageType: "ai",
          prompt: question,
          response: answer.text,
          authenticityScore: answer.authenticityScore,
          lineage: answer.lineage,
          modelName: answer.modelName,
          aiNotice: answer.aiNotice !== null,
          checkIn: answer.checkIn !== null,
          checkInByContext: answer.checkInByContext,
          kind: answer.kind,
          createdAt: sql`clock_timestamp()`,
        })
        .returning();
      return { asked: asked!, answered: answered! };
    });
    return { ...answer, id: saved.answered.id, userMessageId: saved.asked.id, createdAt: saved.answered.createdAt };
  }

  return { turn, result, finish, save };
}
