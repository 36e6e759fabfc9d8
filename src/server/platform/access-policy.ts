import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Config } from "../config";
import { messages } from "../../contract";
import type { Executor } from "../db/client";
import { waitlistEntries } from "../db/schema";

export interface AccessDecision {
  allowed: boolean;
  reason: string | null;
  /** `legacy`: admitted only as someone's named legacy contact, to the legacy pages and nothing else. */
  scope: "full" | "legacy";
}

/** Normalises an address the way every comparison in the app does: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Whether this address was invited from the waitlist. Unsubscribing later does not take the invitation back:
 * the unsubscribe link is about e-mail, and it must not lock a person out of the twin they have started building.
 */
async function isInvitedFromWaitlist(db: Executor, address: string): Promise<boolean> {
  const rows = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.email, address), isNotNull(waitlistEntries.invitedAt)));
  return rows.length > 0;
}

/**
 * Whether someone named this address as a legacy contact, with the invitation still open or accepted (migration
 * 0023): a contact needs no waitlist invitation, and no twin of their own, to accept and to reach what they are given.
 */
async function isNamedLegacyContact(db: Executor, address: string): Promise<boolean> {
  const result = await db.execute<{ known: boolean }>(sql`SELECT legacy_contact_address_known(${address}) AS known`);
  return result.rows[0]?.known === true;
}

/**
 * Decides whether a signed-in address may use the guarded app. `open` lets everyone in; `allowlist` lets in the
 * configured addresses, people invited from the waitlist and people named as legacy contacts, compared ignoring case
 * and surrounding whitespace.
 */
export async function decideAccess(
  db: Executor,
  config: Pick<Config, "ACCESS_MODE" | "ALLOWED_EMAILS">,
  email: string,
): Promise<AccessDecision> {
  if (config.ACCESS_MODE === "open") return { allowed: true, reason: null, scope: "full" };
  const address = normaliseEmail(email);
  if (config.ALLOWED_EMAILS.includes(address) || (await isInvitedFromWaitlist(db, address))) return { allowed: true, reason: null, scope: "full" };
  if (await isNamedLegacyContact(db, address)) return { allowed: true, reason: null, scope: "legacy" };
  return { allowed: false, reason: messages.accessDenied, scope: "full" };
}
