import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Config } from "../config";
import { messages } from "../../contract";
import type { Executor } from "../db/client";
import type { AgeStatus } from "../../contract/age-options";
export { isAgeSettled } from "../../contract/age-options";
import { ageChecks, waitlistEntries } from "../db/schema";
import { statusOf } from "./age-rules";

export interface AccessDecision {
  allowed: boolean;
  reason: string | null;
  /** `legacy`: admitted only as someone's named legacy contact, to the legacy pages and nothing else. */
  scope: "full" | "legacy";
  /** What is known of the person's age: anything but an adult or a consented minor may only state it (SECURITY.md 46). */
  age: AgeStatus;
}

async function ageOf(db: Executor, userId: string, now: Date): Promise<AgeStatus> {
  const [row] = await db.select({ birthDate: ageChecks.birthDate, guardianConfirmedAt: ageChecks.guardianConfirmedAt }).from(ageChecks).where(eq(ageChecks.userId, userId));
  return statusOf(row ?? null, now);
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
 * Decides whether a signed-in person may use the guarded app, and what is known of their age (which every route but
 * stating it then enforces: platform/session.ts). `open` lets everyone in; `allowlist` lets in the
 * configured addresses, people invited from the waitlist and people named as legacy contacts, compared ignoring case
 * and surrounding whitespace.
 */
export async function decideAccess(
  db: Executor,
  config: Pick<Config, "ACCESS_MODE" | "ALLOWED_EMAILS">,
  person: { id: string; email: string },
  now: Date,
): Promise<AccessDecision> {
  const age = await ageOf(db, person.id, now);
  if (config.ACCESS_MODE === "open") return { allowed: true, reason: null, scope: "full", age };
  const address = normaliseEmail(person.email);
  if (config.ALLOWED_EMAILS.includes(address) || (await isInvitedFromWaitlist(db, address))) return { allowed: true, reason: null, scope: "full", age };
  if (await isNamedLegacyContact(db, address)) return { allowed: true, reason: null, scope: "legacy", age };
  return { allowed: false, reason: messages.accessDenied, scope: "full", age };
}
