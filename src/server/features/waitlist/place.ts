import { eq } from "drizzle-orm";
import { waitlistMessages, type WaitlistPlace } from "../../../contract";
import type { Database } from "../../db/client";
import { waitlistEntries } from "../../db/schema";
import { AppError } from "../../platform/errors";
import { hashToken } from "../../platform/tokens";
import { findQueuePlace } from "./queue";
import { referralLinkFor } from "./waitlist-mail";

/**
 * The place of the entry whose newest e-mail carried this token (the link /waitlist/place#token=…): whoever reads that
 * address's mail sees it on screen, nobody else. Unknown, replaced or unsubscribed tokens fail alike with 400.
 */
export async function getWaitlistPlace(db: Database, publicUrl: string, token: string): Promise<WaitlistPlace> {
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.unsubscribeTokenHash, hashToken(token)));
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
