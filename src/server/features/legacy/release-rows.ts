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
      reportedByContactId: null,
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

/** Everyone the owner named who could still accept or act: accepted with an account, or invited and not yet answered. */
async function namedContacts(tx: Transaction, ownerId: string) {
  return tx
    .select()
    .from(legacyContacts)
    .where(and(eq(legacyContacts.userId, ownerId), sql`(${legacyContacts.acceptedAt} IS NULL OR ${legacyContacts.contactUserId} IS NOT NULL)`))
    .orderBy(asc(legacyContacts.position));
}

/**
 * Whether a pending release has the confirmations it needs (SECURITY.md 52), and who must still confirm:
 * - an executor's confirmation: the person the owner chose to act for them, who may also be the one who reported;
 * - else two different people's (one, when the owner named only one person and nobody reported a death: the owner's
 *   own silence started it);
 * - never the reporter alone: a plain contact who reported and confirmed needs a second person (decision 0050);
 * - everyone the owner named counts among those who must be asked, the invited who have not yet accepted too: one
 *   contact who accepted is not "the only contact" while others are still invited.
 */
export async function confirmationsNeeded(tx: Transaction, ownerId: string): Promise<{ met: boolean; confirmedBy: { name: string; role: LegacyRole; at: Date }[]; needs: string | null }> {
  const named = await namedContacts(tx, ownerId);
  const [release] = await tx.select({ reporter: legacyReleases.reportedByContactId }).from(legacyReleases).where(eq(legacyReleases.userId, ownerId));
  const reporter = release?.reporter ?? null;
  const confirmations = await tx.select().from(legacyConfirmations).where(eq(legacyConfirmations.userId, ownerId));
  const confirming = confirmations
    .map((c) => ({ contact: named.find((k) => k.id === c.contactId && k.acceptedAt !== null), at: c.createdAt }))
    .filter((c) => c.contact);
  const confirmedBy = confirming.map((c) => ({ name: c.contact!.name, role: c.contact!.role as LegacyRole, at: c.at }));
  const byExecutor = confirmedBy.some((c) => c.role === "executor");
  const enough = named.length <= 1 && !reporter ? 1 : 2;
  const met = byExecutor || confirmedBy.length >= enough;
  const reporterAlone = reporter !== null && confirming.every((c) => c.contact!.id === reporter);
  let needs: string | null = null;
  if (!met) {
    if (named.every((c) => c.acceptedAt === null)) needs = "a legacy contact to accept their invitation and confirm";
    else if (reporterAlone && confirming.length > 0) needs = named.length < 2 ? "a second person to confirm: the person who reported it cannot confirm it alone, so name another legacy contact" : "confirmation by someone other than the person who reported it";
    else needs = `confirmation by an executor, or by ${enough === 1 ? "your contact" : "two contacts"}`;
  }
  return { met, confirmedBy, needs };
}
