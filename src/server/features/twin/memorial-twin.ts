import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { legacyMessages } from "../../../contract";
import type { AppContext } from "../../app-context";
import { memories } from "../../db/schema";
import { withMemorialScope, withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { legacyDeps, memoryAccessSql, memorialFor, memorialUnavailable, type MemorialLegacy } from "../legacy";
import { startAnswer } from "./answer";
import { sealedUntilFor } from "./sealed-for-reader";
import { publicHears, withOwnRecordings } from "./sources";
import { prepareTurn } from "./turn";

/** The memorial's twin that may be asked now: 404 for no open memorial at this address, 409 while paused or retired. */
export async function openMemorialTwin(ctx: AppContext, slug: string | undefined): Promise<MemorialLegacy> {
  const memorial = await memorialFor(legacyDeps(ctx), slug);
  const closed = memorialUnavailable(memorial);
  if (closed) throw new AppError("legacy_twin_unavailable", closed);
  return memorial;
}

/**
 * Starts the memorial twin's answer to an anonymous visitor. Retrieval runs in the owner's scope with the public's
 * reader rule (public memories whose seals have opened, cited; never twin-only, family, private or calibration
 * material); the chosen memories are then read again through the memorial's own database policy, and the answer is
 * refused if the two ever disagree. Each question stands alone and nothing is stored: the visitor's words are theirs.
 */
export async function startMemorialAnswer(ctx: AppContext, memorial: MemorialLegacy, question: string, abortSignal: AbortSignal, timeZone: string | null = null) {
  const { ownerId, slug } = memorial;
  const reader = { reader: memorial.reader, release: memorial.release, now: ctx.clock.now() };
  // Run by startAnswer once the message passed the crisis check: a message in crisis is never looked up.
  const prepare = async () => {
    const turn = await withUserScope(ctx.db, ownerId, async (tx) => {
      const prepared = await prepareTurn(tx, ctx, ownerId, question, { visitor: { reader, history: [] }, offerRunnersUp: ctx.llm.citation === "inline-markers" });
      // Nothing answers: if some public memory is still sealed, "I never talked about that" may be false.
      if (prepared.retrieval.items.length === 0) prepared.context.sealedUntil = (await sealedUntilFor(tx, ownerId, reader)) ?? undefined;
      return prepared;
    });
    const sourceIds = [...turn.sourceRows.values()].filter((r) => r.kind === "memory").map((r) => r.id);
    // A near miss quotes a sentence of a memory it does not cite: that memory passes the same check.
    const memoryIds = [...new Set([...sourceIds, ...(turn.retrieval.nearMiss ? [turn.retrieval.nearMiss.id] : [])])];
    if (turn.sourceRows.size !== sourceIds.length) throw new Error("a memorial's twin was given material that is not a memory");
    if (memoryIds.length > 0) {
      const allowed = await withMemorialScope(ctx.db, { slug, now: ctx.clock.now() }, (tx) =>
        tx
          .select({ id: memories.id })
          .from(memories)
          .where(and(eq(memories.userId, ownerId), inArray(memories.id, memoryIds), sql`${memories.visibility} = 'public'`)),
      );
      // Fail closed: the reader rule in the service and the database's policy must agree on every source.
      if (allowed.length !== memoryIds.length) throw new Error("the reader rule chose a memory the memorial's policy does not admit");
    }
    return turn;
  };
  return startAnswer(ctx, ownerId, question, {
    abortSignal,
    prepare,
    surface: "memorial",
    timeZone,
    // Each memorial question stands alone and nothing is kept, so every answer carries the notice.
    noticeDue: async () => "start",
    store: async (answer) => {
      // Paused, retired or closed while this answer was being written: the visitor is told so at its end (the words
      // already streamed cannot be taken back, but no answer is confirmed).
      const still = await memorialFor(legacyDeps(ctx), slug).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "memorial_not_found") return null;
        throw error;
      });
      if (!still) throw new AppError("memorial_not_found", legacyMessages.memorialNotFound);
      const closed = memorialUnavailable(still);
      if (closed) throw new AppError("legacy_twin_unavailable", closed);
      const sources = await withMemorialScope(ctx.db, { slug, now: ctx.clock.now() }, (tx) => withOwnRecordings(tx, ownerId, answer.sources, { sees: memoryAccessSql(memorial.reader, memorial.release, ctx.clock.now(), "see"), hears: publicHears }));
      return { id: randomUUID(), userMessageId: randomUUID(), createdAt: new Date(), sources };
    },
  });
}
