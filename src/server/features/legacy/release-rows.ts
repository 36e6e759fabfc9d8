import { and, asc, eq, sql } from "drizzle-orm";
import { LEGACY_RETENTION_DEFAULT, type LegacyRole, type LegacyState } from "../../../contract";
import type { Transaction } from "../../db/client";
import { legacyAudit, legacyConfirmations, legacyContacts, legacyReleases } from "../../db/schema";

/** The rows every part of the release (state machine, settings, after-release care) reads and writes. */
export type ReleaseRow = typeof legacyReleases.$inferSelect;
export type Actor = { kind: "owner" } | { kind: "contact"; contactId: string; name: string } | { kind: "system" };

export const DAY_MS = 86_400_000;
/** Months of the inactivity trigger, counted as 30 days each so the deadline is one fixed moment. */
export const monthsMs = (months: number) => months * 30 * DAY_MS;

const actorText = (actor: Actor) => (actor.kind === "contact" ? `contact: ${actor.name}` : actor.kind);

/** The owner's release row, created (active, default settings) the first time anything asks. Locked for the change. */
export async function releaseRow(tx: Transaction, ownerId: string): Promise<ReleaseRow> {
  await tx.insert(legacyReleases).values({ userId: ownerId }).onConflictDoNothing();
  const [row] = await tx.select().from(legacyReleases).where(eq(legacyReleases.userId, ownerId)).for("update");
  return row!;
}

/** The owner's release row without creating or locking it: reading writes nothing. */
export async function currentRow(tx: Transaction, ownerId: string): Promise<ReleaseRow> {
  const [row] = await tx.select().from(legacyReleases).where(eq(legacyReleases.userId, ownerId));
  return (
    row ?? {
      userId: ownerId,
      state: "active",
      releasedAt: null,
      updatedAt: new Date(0),
      inactivityMonths: null,
      inactivitySince: null,
      deathReports: true,
      diedOn: null,
      vetoDays: 7,
      pendingSince: null,
      pendingReason: null,
      vetoUntil: null,
      stillHereAt: null,
      remindedDays: null,
      stillHereTokenHash: null,
      retentionMonths: LEGACY_RETENTION_DEFAULT,
      pauseMessage: null,
      retiredAt: null,
      sealsAnnouncedUntil: null,
      introduction: null,
      memorialSlug: null,
      memorialIndexing: false,
      recordingsAudience: "only-me",
      memorialIntroduction: null,
      erasureRemindedDays: null,
    }
  );
}

export async function audit(tx: Transaction, ownerId: string, at: Date, actor: Actor, action: string, from: LegacyState, to: LegacyState, note: string | null = null) {
  await tx.insert(legacyAudit).values({ userId: ownerId, at, actor: actorText(actor), action, fromState: from, toState: to, note });
}

/** The contacts who can still act and be told: accepted, and with an account (one deleted since never can). */
export async function acceptedContacts(tx: Transaction, ownerId: string) {
  return tx
    .select()
    .from(legacyContacts)
    .where(and(eq(legacyContacts.userId, ownerId), sql`${legacyContacts.acceptedAt} IS NOT NULL`, sql`${legacyContacts.contactUserId} IS NOT NULL`))
    .orderBy(asc(legacyContacts.position));
}

/**
 * Who must still confirm a pending release: an executor, or two contacts (one when only one has accepted). Empty
 * when the confirmations already suffice.
 */
export async function confirmationsNeeded(tx: Transaction, ownerId: string): Promise<{ met: boolean; confirmedBy: { name: string; role: LegacyRole; at: Date }[]; needs: string | null }> {
  const contacts = await acceptedContacts(tx, ownerId);
  const confirmations = await tx.select().from(legacyConfirmations).where(eq(legacyConfirmations.userId, ownerId));
  const confirmedBy = confirmations
    .map((c) => ({ contact: contacts.find((k) => k.id === c.contactId), at: c.createdAt }))
    .filter((c) => c.contact)
    .map((c) => ({ name: c.contact!.name, role: c.contact!.role as LegacyRole, at: c.at }));
  const byExecutor = confirmedBy.some((c) => c.role === "executor");
  const enough = contacts.length === 1 ? 1 : 2;
  const met = byExecutor || confirmedBy.length >= enough;
  const needs = met ? null : contacts.length === 0 ? "a legacy contact to accept their invitation and confirm" : `confirmation by an executor, or by ${enough === 1 ? "your contact" : "two contacts"}`;
  return { met, confirmedBy, needs };
}
