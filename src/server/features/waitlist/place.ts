import { and, eq, gt, or, sql } from "drizzle-orm";
import { waitlistMessages, type WaitlistPlace } from "../../../contract";
import type { Database } from "../../db/client";
import { waitlistEarlierLinks, waitlistEntries } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { hashToken } from "../../platform/tokens";
import { findQueuePlace } from "./queue";
import { referralLinkFor } from "./waitlist-mail";

/** How long a link keeps working after a reminder e-mail replaced it with a fresh one. */
export const EARLIER_LINK_DAYS = 30;

/** The entry one of whose e-mails carried this token: its newest, or an earlier one whose link has not expired. */
export function linkedEntry(token: string) {
  const hash = hashToken(token);
  const earlier = sql`SELECT ${waitlistEarlierLinks.entryId} FROM ${waitlistEarlierLinks} WHERE ${and(eq(waitlistEarlierLinks.tokenHash, hash), gt(waitlistEarlierLinks.expiresAt, sql`now()`))}`;
  return or(eq(waitlistEntries.unsubscribeTokenHash, hash), sql`${waitlistEntries.id} IN (${earlier})`);
}

/**
 * The place of the entry whose e-mail carried this token (the link /waitlist/place#token=…): whoever reads that
 * address's mail sees it on screen, nobody else. Unknown, expired or unsubscribed tokens fail alike with 400.
 */
export async function getWaitlistPlace(db: Database, publicUrl: string, token: string): Promise<WaitlistPlace> {
  const [entry] = await db.select().from(waitlistEntries).where(linkedEntry(token));
  const place = entry && !entry.unsubscribedAt ? await findQueuePlace(db, entry.id) : null;
  if (!entry || !place) throw new AppError("waitlist_link_invalid", waitlistMessages.placeLinkInvalid);
  return {
    position: place.position,
    total: place.total,
    referralCode: entry.referralCode,
    referralLink: referralLinkFor(publicUrl, entry.referralCode),
    foundingMember: entry.foundingMember,
  };
}
