import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { waitlistEntries } from "../../db/schema";
import { normaliseEmail } from "../../platform/access-policy";
import type { Mailer } from "../../platform/mail/mailer";
import { findQueuePlace, listQueue } from "./queue";
import { composeWaitlistInvitationMail } from "./waitlist-mail";

export interface InviteDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

export type InviteResult =
  | { status: "invited" | "reinvited"; email: string; position: number; invitedAt: Date }
  | { status: "unknown"; email: string }
  | { status: "unsubscribed"; email: string; since: Date };

/**
 * Invites one waitlist address to the private beta: records invited_at and sends the invitation, in one transaction,
 * so an address counts as invited only if its e-mail went out. Inviting again re-sends the e-mail and keeps the first
 * date. Unknown and unsubscribed addresses are reported, not invited.
 */
export async function inviteToWaitlist(deps: InviteDeps, rawEmail: string): Promise<InviteResult> {
  const email = normaliseEmail(rawEmail);
  return deps.db.transaction(async (tx) => {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.email, email)).for("update");
    if (!entry) return { status: "unknown", email };
    if (entry.unsubscribedAt) return { status: "unsubscribed", email, since: entry.unsubscribedAt };
    const place = await findQueuePlace(tx, entry.id);
    const [updated] = entry.invitedAt
      ? [entry]
      : await tx.update(waitlistEntries).set({ invitedAt: sql`now()` }).where(eq(waitlistEntries.id, entry.id)).returning();
    await deps.mailer.send(composeWaitlistInvitationMail(deps.publicUrl, email));
    return { status: entry.invitedAt ? "reinvited" : "invited", email, position: place?.position ?? 0, invitedAt: updated!.invitedAt! };
  });
}

/**
 * Invites the first `count` people by queue position who are still waiting (active, not yet invited), one at a time.
 * Stops at the first e-mail that cannot be sent and reports it; everyone before it stays invited.
 */
export async function inviteTopOfQueue(deps: InviteDeps, count: number) {
  const waiting = await listQueue(deps.db, { onlyUninvited: true, limit: count });
  const invited: InviteResult[] = [];
  for (const row of waiting) {
    try {
      invited.push(await inviteToWaitlist(deps, row.email));
    } catch (error) {
      return { invited, failure: { email: row.email, message: error instanceof Error ? error.message : String(error) } };
    }
  }
  return { invited, failure: null };
}
