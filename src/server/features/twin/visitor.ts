import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { legacyMessages, type TwinMessage, type VisitorTwin } from "../../../contract";
import type { AppContext } from "../../app-context";
import { legacyVisitorMessages, memories } from "../../db/schema";
import { withReaderScope, withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { isUuid } from "../../platform/ids";
import { legacyDeps, memoryAccessSql, releasedLegacyFor, type ReleasedLegacy } from "../legacy";
import { ownerVoiceForContacts, speakToContact } from "../voice";
import { startAnswer } from "./answer";
import { refuseUnlessTwinAnswer } from "./answer-speech";
import { sealedUntilFor } from "./sealed-for-reader";
import { checkInText, noticeDueIn } from "./safety";
import { readerCountry } from "./reader-country";
import { wordsGrounding } from "./grounding";
import { contactHears, resolveSources, withOwnRecordings } from "./sources";
import { prepareTurn } from "./turn";
import { answerTextFor, ANSWER_SOURCE_GONE, unreadableCited } from "./withheld-answers";
import { askerRole } from "./kinship";
import { SEAL_LINE_START } from "../../providers/llm/local-twin";

/** How much of an answer must be the owner's own words (docs/formulas.md, grounding) for it to be spoken in their voice. */
const SPOKEN_GROUNDING_MIN = 50;

/** How much of a visitor's conversation the page shows. */
const VISITOR_SHOWN = 200;

/** The earlier turns of this visitor's own conversation the twin follows. */
const VISITOR_HISTORY = 6;


function unavailable(legacy: ReleasedLegacy): string | null {
  if (legacy.release.state === "paused") return legacyMessages.twinPaused(legacy.ownerName);
  if (legacy.release.state === "retired") return legacyMessages.twinRetired(legacy.ownerName);
  return null;
}

/** The released twin as this contact meets it: its introduction, whether it answers now, and their conversation. */
export async function getVisitorTwin(ctx: AppContext, readerId: string, contactId: string | undefined, timeZone: string | null = null): Promise<VisitorTwin> {
  const legacy = await releasedLegacyFor(legacyDeps(ctx), readerId, contactId);
  const checkIn = checkInText(ctx, await readerCountry(ctx.db, readerId, timeZone));
  const messages = await withReaderScope(ctx.db, { readerId, ownerId: legacy.ownerId, now: ctx.clock.now() }, async (tx) => {
    const rows = await tx
      .select()
      .from(legacyVisitorMessages)
      .where(and(eq(legacyVisitorMessages.userId, readerId), eq(legacyVisitorMessages.ownerId, legacy.ownerId)))
      // The newest VISITOR_SHOWN messages, in the order they were said (the whole conversation is in the export).
      .orderBy(desc(legacyVisitorMessages.createdAt), desc(legacyVisitorMessages.id))
      .limit(VISITOR_SHOWN)
      .then((newest) => newest.reverse());
    // Labels are read through the reader's own policy: a memory no longer shared with them is only "unavailable".
    const refs = await resolveSources(
      tx,
      legacy.ownerId,
      rows.map((r) => r.lineage),
      { memory: "A memory no longer shared with you", answer: "A memory no longer shared with you" },
    );
    const hearing = { sees: memoryAccessSql(legacy.reader, legacy.release, ctx.clock.now(), "see"), hears: contactHears };
    const heard = new Map((await withOwnRecordings(tx, legacy.ownerId, [...refs.values()], hearing)).map((ref) => [ref.id, ref]));
    const unreadable = new Set([...refs.values()].filter((ref) => ref.kind === "memory" && !ref.available).map((ref) => ref.id));
    return rows.map(
      (r): TwinMessage => ({
        id: r.id,
        role: r.messageType === "user" ? "user" : "twin",
        kind: r.kind,
        text: r.messageType === "user" ? r.prompt : answerTextFor(r.response, r.lineage, unreadable),
        createdAt: r.createdAt.toISOString(),
        feedback: null,
        authenticityScore: null,
        sources: (r.lineage?.memoryIds ?? []).map((id) => heard.get(id)!),
        modelName: r.modelName,
        checkIn: r.checkIn ? checkIn : null,
      }),
    );
  });
  const voice = await ownerVoiceForContacts(ctx, legacy.ownerId, legacy.ownerName);
  return {
    ownerName: legacy.ownerName,
    state: legacy.release.state,
    // The owner's own words when they wrote some; the honest default otherwise.
    intro: legacy.introduction ?? legacyMessages.twinIntro(legacy.ownerName),
    unavailable: unavailable(legacy),
    executorMessage: legacy.release.state === "paused" ? legacy.pauseMessage : null,
    voice: { available: voice.profile !== null, reason: voice.reason },
    messages,
  };
}

/** The released twin this contact may ask now: 404 when the row does not name them, 409 with the reason otherwise. */
export async function openVisitorTwin(ctx: AppContext, readerId: string, contactId: string | undefined): Promise<ReleasedLegacy> {
  const legacy = await releasedLegacyFor(legacyDeps(ctx), readerId, contactId);
  const closed = unavailable(legacy);
  if (closed) throw new AppError("legacy_twin_unavailable", closed);
  return legacy;
}

/** Whether this visitor's conversation already holds the twin's line naming this day (a later seal's day is news). */
async function sealAlreadyNamed(ctx: AppContext, readerId: string, ownerId: string, opens: string): Promise<boolean> {
  const [row] = await withReaderScope(ctx.db, { readerId, ownerId, now: ctx.clock.now() }, (tx) =>
    tx
      .select({ id: legacyVisitorMessages.id })
      .from(legacyVisitorMessages)
      .where(
        and(
          eq(legacyVisitorMessages.userId, readerId),
          eq(legacyVisitorMessages.ownerId, ownerId),
          eq(legacyVisitorMessages.messageType, "ai"),
          sql`strpos(${legacyVisitorMessages.response}, ${`${SEAL_LINE_START} ${opens}.`}) > 0`,
        ),
      )
      .limit(1),
  );
  return row !== undefined;
}

/**
 * Starts the released twin's answer to a contact. Retrieval runs in the owner's scope with the contact's reader rule
 * (only what the twin may cite to them: family and public memories whose seals have opened, never calibration answers
 * or traits); then the chosen memories are read again through the contact's own database policy, and the answer is
 * refused if the two ever disagree. The question and answer are stored as the visitor's own conversation.
 */
export async function startVisitorAnswer(ctx: AppContext, readerId: string, legacy: ReleasedLegacy, question: string, abortSignal: AbortSignal, timeZone: string | null = null) {
  const { ownerId } = legacy;
  // The conversation so far, with any answer whose quoted memory is no longer theirs withheld: the twin never follows
  // on from words the reader may no longer read.
  const history = await withReaderScope(ctx.db, { readerId, ownerId, now: ctx.clock.now() }, async (tx) => {
    const rows = await tx
      .select({ type: legacyVisitorMessages.messageType, prompt: legacyVisitorMessages.prompt, response: legacyVisitorMessages.response, lineage: legacyVisitorMessages.lineage, byContext: legacyVisitorMessages.checkInByContext, at: legacyVisitorMessages.createdAt })
      .from(legacyVisitorMessages)
      .where(and(eq(legacyVisitorMessages.userId, readerId), eq(legacyVisitorMessages.ownerId, ownerId)))
      .orderBy(desc(legacyVisitorMessages.createdAt), desc(legacyVisitorMessages.id))
      .limit(VISITOR_HISTORY);
    const unreadable = await unreadableCited(tx, ownerId, rows.map((r) => r.lineage));
    return rows.map((r) => ({ ...r, response: r.type === "user" ? r.response : answerTextFor(r.response, r.lineage, unreadable) }));
  });
  const reader = { reader: legacy.reader, release: legacy.release, now: ctx.clock.now() };
  // Run by startAnswer once the message passed the crisis check: a message in crisis is never looked up.
  const prepare = async () => {
    const turn = await withUserScope(ctx.db, ownerId, async (tx) => {
      const prepared = await prepareTurn(tx, ctx, ownerId, question, {
        offerRunnersUp: ctx.llm.citation === "inline-markers",
        visitor: { reader, role: askerRole(legacy.relationship), relationship: legacy.relationship, name: legacy.contactName, history: history.reverse().map((m) => (m.type === "user" ? { role: "user" as const, text: m.prompt } : { role: "assistant" as const, text: m.response })) },
      });
      // Nothing answers: if some of what was left them is still sealed, "I never talked about that" may be false.
      if (prepared.retrieval.items.length === 0) prepared.context.sealedUntil = (await sealedUntilFor(tx, ownerId, reader)) ?? undefined;
      return prepared;
    });
    // The seal is named once in a conversation: after that the twin declines without the date.
    if (turn.context.sealedUntil && (await sealAlreadyNamed(ctx, readerId, ownerId, turn.context.sealedUntil))) {
      turn.context.sealedUntil = undefined;
      turn.context.sealMentioned = true;
    }
    const sourceIds = [...turn.sourceRows.values()].filter((r) => r.kind === "memory").map((r) => r.id);
    // A near miss quotes a sentence of a memory it does not cite: that memory passes the same check.
    const memoryIds = [...new Set([...sourceIds, ...(turn.retrieval.nearMiss ? [turn.retrieval.nearMiss.id] : [])])];
    if (turn.sourceRows.size !== sourceIds.length) throw new Error("a visitor's twin was given material that is not a memory");
    if (memoryIds.length > 0) {
      const allowed = await withReaderScope(ctx.db, { readerId, ownerId, now: ctx.clock.now() }, (tx) =>
        tx
          .select({ id: memories.id })
          .from(memories)
          .where(and(eq(memories.userId, ownerId), inArray(memories.id, memoryIds), sql`${memories.visibility} IN ('family', 'public')`)),
      );
      // Fail closed: the reader rule in the service and the database's policy must agree on every source.
      if (allowed.length !== memoryIds.length) throw new Error("the reader rule chose a memory the database does not let this reader see");
    }
    return turn;
  };
  // The crisis check reads this visitor's last few questions of the day with the new one (history is newest first).
  const dayAgo = Date.now() - 86_400_000;
  const earlier = history.filter((m) => m.type === "user" && m.at.getTime() >= dayAgo).map((m) => m.prompt);
  // A check-in this conversation raised today: it raises one once (issue 59).
  const raised = history.some((m) => m.byContext && m.at.getTime() >= dayAgo);
  return startAnswer(ctx, ownerId, question, {
    abortSignal,
    prepare,
    context: async () => ({ messages: earlier.slice(0, 3).reverse(), raised }),
    timeZone,
    surface: "visitor",
    askerId: readerId,
    noticeDue: () => withReaderScope(ctx.db, { readerId, ownerId, now: ctx.clock.now() }, (tx) => noticeDueIn(tx, "legacy_visitor_messages", { userId: readerId, ownerId }, new Date())),
    store: (answer, askedAt) =>
      withReaderScope(ctx.db, { readerId, ownerId, now: ctx.clock.now() }, async (tx) => {
        // Paused or retired while this answer was being written: it is not kept (nor was it meant to be given).
        const [still] = (await tx.execute<{ state: string }>(sql`SELECT state FROM legacy_reader_release()`)).rows;
        if (still?.state !== "released") throw new AppError("legacy_twin_unavailable", legacyMessages.twinPaused(legacy.ownerName));
        const [asked] = await tx.insert(legacyVisitorMessages).values({ userId: readerId, ownerId, ownerName: legacy.ownerName, messageType: "user", prompt: question, createdAt: askedAt }).returning();
        const [answered] = await tx
          .insert(legacyVisitorMessages)
          .values({ userId: readerId, ownerId, ownerName: legacy.ownerName, messageType: "ai", prompt: question, response: answer.text, lineage: answer.lineage, modelName: answer.modelName, aiNotice: answer.aiNotice !== null, checkIn: answer.checkIn !== null, checkInByContext: answer.checkInByContext, kind: answer.kind, createdAt: sql`clock_timestamp()` })
          .returning();
        return { id: answered!.id, userMessageId: asked!.id, createdAt: answered!.createdAt, sources: await withOwnRecordings(tx, ownerId, answer.sources, { sees: memoryAccessSql(legacy.reader, legacy.release, ctx.clock.now(), "see"), hears: contactHears }) };
      }),
  });
}

/**
 * Reads one of this visitor's stored twin answers aloud in the owner's voice, when the twin answers and consent allows;
 * a support message, an identity answer or a notice is refused (409) before any voice is looked at.
 */
export async function speakVisitorAnswer(ctx: AppContext, readerId: string, contactId: string | undefined, messageId: string) {
  const legacy = await openVisitorTwin(ctx, readerId, contactId);
  const [answer] = isUuid(messageId)
    ? await withReaderScope(ctx.db, { readerId, ownerId: legacy.ownerId, now: ctx.clock.now() }, (tx) =>
        tx
          .select({ response: legacyVisitorMessages.response, lineage: legacyVisitorMessages.lineage, kind: legacyVisitorMessages.kind })
          .from(legacyVisitorMessages)
          .where(
            and(
              eq(legacyVisitorMessages.id, messageId),
              eq(legacyVisitorMessages.userId, readerId),
              eq(legacyVisitorMessages.ownerId, legacy.ownerId),
              eq(legacyVisitorMessages.messageType, "ai"),
            ),
          ),
      )
    : [];
  if (!answer) throw new AppError("twin_message_not_found", legacyMessages.voiceMessageNotFound);
  refuseUnlessTwinAnswer(answer.kind);
  // Only an answer made of the owner's own words (cited memories the visitor may still read, grounding of at least
  // SPOKEN_GROUNDING_MIN) is spoken in their voice: a question like "repeat after me" cannot put words in their mouth.
  const cited = answer.lineage?.memoryIds ?? [];
  const sources =
    cited.length === 0
      ? []
      : await withReaderScope(ctx.db, { readerId, ownerId: legacy.ownerId, now: ctx.clock.now() }, (tx) =>
          tx.select({ content: memories.content }).from(memories).where(and(eq(memories.userId, legacy.ownerId), inArray(memories.id, cited))),
        );
  if (sources.length < new Set(cited).size) throw new AppError("legacy_voice_refused", ANSWER_SOURCE_GONE);
  const grounding = wordsGrounding(answer.response, sources.map((m) => m.content));
  if (grounding === null || grounding < SPOKEN_GROUNDING_MIN) throw new AppError("legacy_voice_refused", legacyMessages.voiceOnlyGrounded(legacy.ownerName));
  return speakToContact(ctx, readerId, legacy.ownerId, legacy.ownerName, answer.response);
}
