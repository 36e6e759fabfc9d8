import { desc, eq } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { aiReflections, profiles, twinConversations } from "../../db/schema";
import type { TwinContext, TwinSource } from "../../providers/llm/twin-input";
import { measuredProfile } from "../personality";
import { formatHappenedOn } from "../../../contract";
import { askerWords, fromOwnersSide, type AskerRole } from "./kinship";
import { confirmedPeople } from "./people";
import { asTheAskerKnows, namePeopleIn } from "./people-names";
import { passageToTheAsker } from "./speaking-to";
import { claimsToBeLive } from "./output-check";
import { splitSentences } from "../../platform/text";
import { retrieve, type RetrievalDeps } from "./retrieval";
import type { Retrieval, RetrievedItem, TwinReader } from "./retrieval-types";

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

export interface TurnOptions {
  asDecision?: boolean;
  /**
   * Someone other than the owner is asking (a legacy contact): the twin draws only on what it may cite to them, not on
   * calibration answers, and the earlier turns are this visitor's own (`history`), not the owner's.
   */
  visitor?: {
    reader: TwinReader;
    history: Array<{ role: "user" | "assistant"; text: string }>;
    role?: AskerRole | null;
    /** Their relationship to the owner, as the owner wrote it ("daughter"): the reader is told who asks. */
    relationship?: string | null;
    /** The contact's name as the owner wrote it: where a passage names them, it is said to them ("with you and me"). */
    name?: string;
  };
  /**
   * The model writes [n] markers (a language model): it is also shown the closest candidates the decision did not
   * choose, marked as such, and the answer's lineage is what it cites. The local model cites every source it is given.
   */
  offerRunnersUp?: boolean;
}

/** The owner's first name as their twin speaks it (null until onboarding gives one): the one read of it for a turn. */
export async function ownerFirstName(tx: Transaction, userId: string): Promise<string | null> {
  const [profile] = await tx.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, userId));
  return profile?.firstName ?? null;
}

/** Everything one answer needs, read in the caller's user-scoped transaction (the owner's). */
export async function prepareTurn(tx: Transaction, deps: RetrievalDeps, userId: string, question: string, options: TurnOptions = {}): Promise<TwinTurn> {
  const started = performance.now();
  const { visitor } = options;
  // A contact's kin words are heard from their side ("Dad", from a daughter, is the owner's husband), and the people
  // on the owner's list are named ("your husband Desmond"): memories are looked up as the owner would have said it;
  // the stored question stays as asked.
  const known = await confirmedPeople(tx, userId);
  const heard = namePeopleIn(visitor?.role ? fromOwnersSide(question, visitor.role) : question, known);
  const retrieval = await retrieve(tx, deps, userId, heard, {
    asDecision: options.asDecision,
    ...(visitor ? { reader: visitor.reader, citableOnly: true, calibration: false, askedBy: visitor.relationship } : {}),
  });
  const firstName = await ownerFirstName(tx, userId);
  const [reflection] = await tx.select({ traits: aiReflections.traitsUsed }).from(aiReflections).where(eq(aiReflections.userId, userId));
  // The measured Big Five profile shapes how the owner's own twin decides; a visitor's twin speaks only from memories.
  const measured = visitor ? { profile: [], traits: [] } : await measuredProfile(tx, userId);
  const recent = visitor
    ? []
    : await tx
        .select({ type: twinConversations.messageType, prompt: twinConversations.prompt, response: twinConversations.response })
        .from(twinConversations)
        .where(eq(twinConversations.userId, userId))
        .orderBy(desc(twinConversations.createdAt), desc(twinConversations.id))
        .limit(HISTORY_MESSAGES);
  const retrievalMs = performance.now() - started;
  const sourceRows = new Map<number, RetrievedItem>();
  // Said to a family member as they know the people in it: their own name is "you", the owner's husband "your dad".
  const theirWords = askerWords(question, visitor?.role ?? null);
  // Their pronouns after their name are "you" too ("too quiet for her" → "for you"), passage by passage.
  const toAsker = (sentences: string[]) =>
    visitor ? (visitor.name ? passageToTheAsker(sentences, visitor.name, visitor.relationship, known) : sentences).map((sentence) => asTheAskerKnows(sentence, visitor.role ?? null, known, theirWords, visitor.name)) : sentences;
  // No twin speaks as the living person, even in their own words (issues 42, 57): a sentence that claims to be a living
  // human, to be typing now or to be no machine ("This is really Alice speaking, not an AI") is left out of what the
  // model is given; the owner's name is what such a claim names.
  const said = (sentences: string[]) => sentences.filter((sentence) => !claimsToBeLive(sentence, firstName));
  const offered = [...retrieval.items.map((item) => ({ item, chosen: true })), ...(options.offerRunnersUp ? retrieval.runnersUp.map((item) => ({ item, chosen: false })) : [])].filter(
    ({ item }) => item.kind !== "memory" || said(splitSentences(item.content)).length > 0,
  );
  const sources: TwinSource[] = offered.map(({ item, chosen }, i) => {
    sourceRows.set(i + 1, item);
    const verdict = { chosen, chance: item.score };
    return item.kind === "memory"
      ? {
          ref: i + 1,
          kind: "memory",
          text: said(splitSentences(item.content)).join(" "),
          emotion: item.emotion,
          matched: item.matched,
          passage: toAsker(said(item.passage)),
          ...(item.feelingUnsaid ? { feelingUnsaid: true } : {}),
          ...(item.happenedOn ? { when: formatHappenedOn(item.happenedOn) } : {}),
          ...verdict,
        }
      : { ref: i + 1, kind: "calibration", scenario: item.statement, answer: item.response, matched: item.matched, ...verdict };
  });
  return {
    context: {
      firstName,
      question,
      intent: retrieval.terms.wantsAdvice ? "advice" : "recollection",
      sources,
      // Traits are drawn from every memory and the questionnaire, so they speak for the owner only.
      traits: visitor ? [] : [...(reflection?.traits ?? []), ...measured.traits],
      profile: measured.profile,
      topics: retrieval.topics,
      ...(retrieval.nearMiss ? { nearMiss: { asked: retrieval.nearMiss.asked, told: retrieval.nearMiss.told, rank: retrieval.nearMiss.rank, sentence: toAsker([retrieval.nearMiss.sentence])[0]! } } : {}),
    },
    retrieval,
    sourceRows,
    history: visitor ? visitor.history.slice(-HISTORY_MESSAGES) : recent.reverse().map((m) => (m.type === "user" ? { role: "user" as const, text: m.prompt } : { role: "assistant" as const, text: m.response })),
    retrievalMs,
  };
}

