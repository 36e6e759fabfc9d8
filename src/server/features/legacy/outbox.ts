import { and, asc, eq, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { legacyOutbox } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { safeErrorLine } from "../../platform/log-safe-error";
import type { OutgoingMail } from "../../platform/mail/mailer";
import type { LegacyDeps } from "./deps";

// The release's e-mails go through an outbox (migration 0047, decision 0033): a mail is a row written in the
// transaction of the change it tells of, so a change that rolls back sends nothing and one that committed is told even
// if the process dies before the send. The sender locks one row, sends it and marks it sent in one transaction.

/** After this many failed sends a mail is left for an operator (`last_error` says why), not tried forever. */
export const OUTBOX_MAX_ATTEMPTS = 20;


/**
 * Writes a mail to the outbox in the caller's transaction (the owner's scope). `eventKey` names the change (e.g.
 * `released:<released_at>`); the same event written twice for the same recipient is one mail. Answers whether this
 * call wrote it.
 */
export async function enqueueMail(tx: Transaction, ownerId: string, eventKey: string, mail: OutgoingMail): Promise<boolean> {
  const written = await tx
    .insert(legacyOutbox)
    .values({ userId: ownerId, eventKey, recipient: mail.to.toLowerCase(), subject: mail.subject, body: mail.text })
    .onConflictDoNothing()
    .returning({ id: legacyOutbox.id });
  return written.length > 0;
}

/** Sends one owner's unsent mails, oldest first, each locked, sent and marked in its own transaction. */
async function deliverFor(deps: LegacyDeps, ownerId: string): Promise<{ sent: number; failed: number }> {
  const tried: string[] = [];
  let sent = 0;
  let failed = 0;
  for (;;) {
    let id: string | null = null;
    try {
      const done = await withUserScope(deps.db, ownerId, async (tx) => {
        const [row] = await tx
          .select()
          .from(legacyOutbox)
          .where(and(eq(legacyOutbox.userId, ownerId), isNull(legacyOutbox.sentAt), lt(legacyOutbox.attempts, OUTBOX_MAX_ATTEMPTS), tried.length ? notInArray(legacyOutbox.id, tried) : undefined))
          .orderBy(asc(legacyOutbox.createdAt), asc(legacyOutbox.id))
          .limit(1)
          // Another sender holding a row skips past it: the two never send the same mail.
          .for("update", { skipLocked: true });
        if (!row) return false;
        id = row.id;
        await deps.mailer.send({ to: row.recipient, subject: row.subject, text: row.body });
        await tx.update(legacyOutbox).set({ sentAt: deps.now(), lastError: null }).where(eq(legacyOutbox.id, row.id));
        return true;
      });
      if (!done) return { sent, failed };
      sent++;
    } catch (error) {
      if (id === null) throw error;
      failed++;
      const failedId: string = id;
      await withUserScope(deps.db, ownerId, (tx) =>
        tx
          .update(legacyOutbox)
          .set({ attempts: sql`${legacyOutbox.attempts} + 1`, lastError: safeErrorLine(error).slice(0, 500) })
          .where(eq(legacyOutbox.id, failedId)),
      );
    }
    if (id !== null) tried.push(id);
  }
}

/**
 * Sends every unsent mail (one owner's, or everyone's for the scheduler). A mail whose send fails stays unsent and is
 * tried again at the next run; it never holds up the others. Safe to run twice at once and to run again after a crash.
 */
export async function deliverOutbox(deps: LegacyDeps, ownerId?: string): Promise<{ sent: number; failed: number }> {
  const owners = ownerId ? [ownerId] : (await deps.db.execute<{ user_id: string }>(sql`SELECT user_id FROM legacy_outbox_owners()`)).rows.map((r) => r.user_id);
  const total = { sent: 0, failed: 0 };
  for (const owner of owners) {
    const r = await deliverFor(deps, owner);
    total.sent += r.sent;
    total.failed += r.failed;
  }
  return total;
}

/** After a request's change committed: its mails go out now; one that fails waits for the scheduler's next run. */
export async function deliverSoon(deps: LegacyDeps, ownerId: string): Promise<void> {
  try {
    await deliverOutbox(deps, ownerId);
  } catch (error) {
    console.warn(`legacy outbox: sending failed, the scheduler will try again: ${safeErrorLine(error)}`);
  }
}

/**
 * A sent mail's subject and body are forgotten 30 days after it was sent, a reminder's (its link is a one-time token)
 * as soon as it is sent; a sent row is deleted a year after sending, one that failed for good a year after it was
 * written (migrations 0052 and 0057: the database's clock decides, so no caller can touch a younger mail). Answers how
 * many rows were forgotten and deleted.
 */
export async function forgetSentMail(deps: Pick<LegacyDeps, "db">): Promise<{ forgotten: number; deleted: number }> {
  const result = await deps.db.execute<{ forgotten: number; deleted: number }>(sql`SELECT legacy_outbox_forget_sent() AS forgotten, legacy_outbox_expire() AS deleted`);
  return { forgotten: Number(result.rows[0]?.forgotten ?? 0), deleted: Number(result.rows[0]?.deleted ?? 0) };
}
