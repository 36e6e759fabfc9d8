import { and, asc, eq } from "drizzle-orm";
import { twinMessages, type TwinFeedback, type TwinMessage } from "../../../contract";
import type { Database } from "../../db/client";
import { twinConversations } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { resolveSources, sourcesOf } from "./sources";
import { isUuid } from "../../platform/ids";

type Row = typeof twinConversations.$inferSelect;

const notFound = () => new AppError("twin_message_not_found", twinMessages.messageNotFound);

/** `checkIn`: the installation's check-in line, shown with an answer that carried it. */
function present(row: Row, sources: TwinMessage["sources"], checkIn: string): TwinMessage {
  return {
    id: row.id,
    role: row.messageType === "user" ? "user" : "twin",
    kind: row.kind,
    text: row.messageType === "user" ? row.prompt : row.response,
    createdAt: row.createdAt.toISOString(),
    feedback: (row.feedback as TwinFeedback | null) ?? null,
    authenticityScore: row.authenticityScore,
    sources,
    modelName: row.modelName,
    checkIn: row.checkIn ? checkIn : null,
  };
}

/** The person's conversation with their twin, oldest first, each answer with its sources. */
export async function listTwinMessages(db: Database, userId: string, checkIn: string): Promise<TwinMessage[]> {
  return withUserScope(db, userId, async (tx) => {
    const rows = await tx.select().from(twinConversations).where(eq(twinConversations.userId, userId)).orderBy(asc(twinConversations.createdAt), asc(twinConversations.id));
    const refs = await resolveSources(tx, userId, rows.map((r) => r.lineage));
    return rows.map((r) => present(r, sourcesOf(r.lineage, refs), checkIn));
  });
}

/**
 * Sets (or with null clears) the thumbs on one of the person's twin answers; a question or anyone else's message is a
 * 404, and a message Mindprint gave instead of the twin (a support message, …) a 409: it is not the twin to rate.
 */
export async function setTwinFeedback(db: Database, userId: string, id: string | undefined, feedback: TwinFeedback | null, checkIn: string): Promise<TwinMessage> {
  if (!isUuid(id)) throw notFound();
  return withUserScope(db, userId, async (tx) => {
    const mine = and(eq(twinConversations.id, id!), eq(twinConversations.userId, userId), eq(twinConversations.messageType, "ai"));
    const [found] = await tx.select({ kind: twinConversations.kind }).from(twinConversations).where(mine);
    if (!found) throw notFound();
    if (found.kind !== "answer") throw new AppError("twin_message_not_answer", twinMessages.notRated);
    const [row] = await tx.update(twinConversations).set({ feedback }).where(mine).returning();
    if (!row) throw notFound();
    const refs = await resolveSources(tx, userId, [row.lineage]);
    return present(row, sourcesOf(row.lineage, refs), checkIn);
  });
}
