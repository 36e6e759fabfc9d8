import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { LEGACY_REMINDER_DAYS, LEGACY_RETENTION_DEFAULT, legacyMessages, type LegacyRole, type LegacyState, type ReleaseStatus, type releaseSettingsSchema } from "../../../contract";
import type { Transaction } from "../../db/client";
import { legacyAudit, legacyConfirmations, legacyContacts, legacyReleases, user } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { lastSignIn } from "../../platform/sign-ins";
import { hashToken, newSecretToken } from "../../platform/tokens";
import type { LegacyDeps } from "./deps";
import { personName } from "../profile";
import { ownDocuments } from "./documents-read";
import { composePendingMail, composeSealsOpenedMail, composeStillHereReminder } from "./release-mail";

type ReleaseRow = typeof legacyReleases.$inferSelect;
type Settings = z.output<typeof releaseSettingsSchema>;
export type Actor = { kind: "owner" } | { kind: "contact"; contactId: string; name: string } | { kind: "system" };

const DAY_MS = 86_400_000;
/** Months of the inactivity trigger, counted as 30 days each so the deadline is one fixed moment. */
const monthsMs = (months: number) => months * 30 * DAY_MS;

const actorText = (actor: Actor) => (actor.kind === "contact" ? `contact: ${actor.name}` : actor.kind);

/** The owner's release row, created (active, default settings) the first time anything asks. Locked for the change. */
export async function releaseRow(tx: Transaction, ownerId: string): Promise<ReleaseRow> {
  await tx.insert(legacyReleases).values({ userId: ownerId }).onConflictDoNothing();
  const [row] = await tx.select().from(legacyReleases).where(eq(legacyReleases.userId, ownerId)).for("update");
  return row!;
}

export async function audit(tx: Transaction, ownerId: string, at: Date, actor: Actor, action: string, from: LegacyState, to: LegacyState, note: string | null = null) {
  await tx.insert(legacyAudit).values({ userId: ownerId, at, actor: actorText(actor), action, fromState: from, toState: to, note });
}

async function acceptedContacts(tx: Transaction, ownerId: string) {
  // Only contacts who can still confirm count: accepted, and with an account (one deleted since can never confirm).
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
async function confirmationsNeeded(tx: Transaction, ownerId: string): Promise<{ met: boolean; confirmedBy: { name: string; role: LegacyRole; at: Date }[]; needs: string | null }> {
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

async function becomePending(deps: LegacyDeps, tx: Transaction, ownerId: string, row: ReleaseRow, now: Date, reason: "inactivity" | "death_report", actor: Actor, note: string | null) {
  const vetoUntil = new Date(now.getTime() + row.vetoDays * DAY_MS);
  await tx
    .update(legacyReleases)
    .set({ state: "pending", pendingSince: now, pendingReason: reason, vetoUntil, stillHereTokenHash: null, updatedAt: now })
    .where(eq(legacyReleases.userId, ownerId));
  await tx.delete(legacyConfirmations).where(eq(legacyConfirmations.userId, ownerId));
  await audit(tx, ownerId, now, actor, reason === "inactivity" ? "Inactivity deadline passed" : "Death reported", row.state as LegacyState, "pending", note);
  // The owner hears of it at once, by e-mail as well as in the dashboard, and can cancel with one click.
  const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, ownerId));
  if (owner) await deps.mailer.send(composePendingMail(deps.publicUrl, { to: owner.email, reason, vetoUntil, reporter: actor.kind === "contact" ? actor.name : null }));
}

/**
 * Moves one owner's legacy forward as far as `now` allows: an inactivity deadline passed → pending (reminders
 * 30, 7 and 1 days before, each once); pending and the veto window over with enough confirmations → released; pending
 * because of inactivity and the owner signed in since → active again. Called by the scheduler and after a confirmation.
 */
export async function advanceRelease(deps: LegacyDeps, tx: Transaction, ownerId: string, now: Date): Promise<void> {
  const row = await releaseRow(tx, ownerId);
  const signedIn = await lastSignIn(tx, ownerId);
  if (row.state === "active" && row.inactivityMonths && row.inactivitySince) {
    const base = Math.max(row.inactivitySince.getTime(), signedIn?.getTime() ?? 0, row.stillHereAt?.getTime() ?? 0);
    const deadline = base + monthsMs(row.inactivityMonths);
    if (now.getTime() >= deadline) return becomePending(deps, tx, ownerId, row, now, "inactivity", { kind: "system" }, null);
    const daysLeft = (deadline - now.getTime()) / DAY_MS;
    const due = [...LEGACY_REMINDER_DAYS].reverse().find((d) => daysLeft <= d);
    if (due === undefined) {
      // More than 30 days left (a sign-in started the count again): the reminders start again too.
      if (row.remindedDays !== null) await tx.update(legacyReleases).set({ remindedDays: null }).where(eq(legacyReleases.userId, ownerId));
    } else if (row.remindedDays === null || row.remindedDays > due) {
      const token = newSecretToken();
      await tx.update(legacyReleases).set({ remindedDays: due, stillHereTokenHash: hashToken(token), updatedAt: now }).where(eq(legacyReleases.userId, ownerId));
      const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, ownerId));
      if (owner) await deps.mailer.send(composeStillHereReminder(deps.publicUrl, { to: owner.email, deadline: new Date(deadline), token }));
    }
    return;
  }
  if (row.state === "released" || row.state === "paused" || row.state === "retired") return announceOpenedSeals(deps, tx, ownerId, row, now);
  if (row.state !== "pending") return;
  if (row.pendingReason === "inactivity" && signedIn && row.pendingSince && signedIn > row.pendingSince) {
    await tx.update(legacyReleases).set({ state: "active", pendingSince: null, pendingReason: null, vetoUntil: null, remindedDays: null, updatedAt: now }).where(eq(legacyReleases.userId, ownerId));
    await tx.delete(legacyConfirmations).where(eq(legacyConfirmations.userId, ownerId));
    return audit(tx, ownerId, now, { kind: "owner" }, "Signed in: release cancelled", "pending", "active");
  }
  if (row.vetoUntil && now.getTime() >= row.vetoUntil.getTime() && (await confirmationsNeeded(tx, ownerId)).met) {
    await tx.update(legacyReleases).set({ state: "released", releasedAt: now, pendingSince: null, pendingReason: null, vetoUntil: null, updatedAt: now }).where(eq(legacyReleases.userId, ownerId));
    await audit(tx, ownerId, now, { kind: "system" }, "Released after the waiting period and confirmation", "pending", "released");
  }
}

/**
 * Tells each accepted contact by e-mail when family or public memories sealed for later have opened since the last
 * announcement (inside the scheduler's transaction: the announcement mark moves only if the mails went out).
 */
async function announceOpenedSeals(deps: LegacyDeps, tx: Transaction, ownerId: string, row: ReleaseRow, now: Date): Promise<void> {
  if (!row.releasedAt) return;
  // Retired and past the reading period the owner chose: nothing can be read, so nothing is announced.
  if (row.state === "retired" && row.retiredAt && row.retiredAt.getTime() + monthsMs(row.retentionMonths) <= now.getTime()) return;
  const since = row.sealsAnnouncedUntil ?? row.releasedAt;
  const [opened] = await tx
    .execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM memories m WHERE m.user_id = ${ownerId} AND m.visibility IN ('family', 'public')
        AND (m.sealed_until IS NOT NULL OR m.sealed_days_after_release IS NOT NULL)
        AND legacy_seal_opens_at(m.sealed_until, m.sealed_days_after_release, ${row.releasedAt.toISOString()}::timestamptz) > ${since.toISOString()}::timestamptz
        AND legacy_seal_opens_at(m.sealed_until, m.sealed_days_after_release, ${row.releasedAt.toISOString()}::timestamptz) <= ${now.toISOString()}::timestamptz`,
    )
    .then((r) => r.rows);
  const count = Number(opened?.n ?? 0);
  if (count === 0) return;
  const { name: ownerName } = await personName(tx, ownerId);
  for (const contact of await acceptedContacts(tx, ownerId)) {
    await deps.mailer.send(composeSealsOpenedMail(deps.publicUrl, { to: contact.email, contactName: contact.name, ownerName, count, contactId: contact.id }));
  }
  await tx.update(legacyReleases).set({ sealsAnnouncedUntil: now }).where(eq(legacyReleases.userId, ownerId));
}

/** The owner's release row without creating or locking it: reading writes nothing. */
async function currentRow(tx: Transaction, ownerId: string): Promise<ReleaseRow> {
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
    }
  );
}

/** The owner's view: state, settings, what a pending release waits for, and the audit log, newest first. */
async function statusOf(tx: Transaction, ownerId: string, now: Date): Promise<ReleaseStatus> {
  const row = await currentRow(tx, ownerId);
  const entries = await tx.select().from(legacyAudit).where(eq(legacyAudit.userId, ownerId)).orderBy(sql`${legacyAudit.at} DESC`).limit(100);
  let pending: ReleaseStatus["pending"] = null;
  if (row.state === "pending") {
    const needed = await confirmationsNeeded(tx, ownerId);
    const waitingFor = [
      ...(now.getTime() < row.vetoUntil!.getTime() ? [`the waiting period, until ${row.vetoUntil!.toISOString()}`] : []),
      ...(needed.needs ? [needed.needs] : []),
    ];
    pending = {
      reason: row.pendingReason as "inactivity" | "death_report",
      since: row.pendingSince!.toISOString(),
      vetoUntil: row.vetoUntil!.toISOString(),
      confirmedBy: needed.confirmedBy.map((c) => ({ ...c, at: c.at.toISOString() })),
      waitingFor,
    };
  }
  const signedIn = (await lastSignIn(tx, ownerId))?.getTime() ?? 0;
  const base = row.inactivitySince ? Math.max(row.inactivitySince.getTime(), signedIn, row.stillHereAt?.getTime() ?? 0) : null;
  const documents = await ownDocuments(tx, ownerId);
  return {
    state: row.state as LegacyState,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    settings: { inactivityMonths: row.inactivityMonths, deathReports: row.deathReports, vetoDays: row.vetoDays, retentionMonths: row.retentionMonths, introduction: row.introduction },
    inactivityDeadline: row.state === "active" && row.inactivityMonths && base !== null ? new Date(base + monthsMs(row.inactivityMonths)).toISOString() : null,
    pending,
    audit: entries.map((e) => ({ at: e.at.toISOString(), actor: e.actor, action: e.action, fromState: e.fromState, toState: e.toState, note: e.note })),
    documents,
  };
}

export function getRelease(deps: LegacyDeps, ownerId: string): Promise<ReleaseStatus> {
  return withUserScope(deps.db, ownerId, (tx) => statusOf(tx, ownerId, deps.now()));
}

/** Sets the triggers and the veto window; turning inactivity on (or changing it) starts its count now. */
export function saveReleaseSettings(deps: LegacyDeps, ownerId: string, settings: Settings): Promise<ReleaseStatus> {
  return withUserScope(deps.db, ownerId, async (tx) => {
    const now = deps.now();
    const row = await releaseRow(tx, ownerId);
    const inactivitySince = settings.inactivityMonths === null ? null : row.inactivityMonths === settings.inactivityMonths && row.inactivitySince ? row.inactivitySince : now;
    await tx
      .update(legacyReleases)
      .set({
        ...settings,
        // Left out: unchanged; empty: back to the default words.
        introduction: settings.introduction === undefined ? undefined : settings.introduction || null,
        inactivitySince,
        remindedDays: inactivitySince === row.inactivitySince ? row.remindedDays : null,
        updatedAt: now,
      })
      .where(eq(legacyReleases.userId, ownerId));
    const retention = settings.retentionMonths ?? row.retentionMonths;
    const describe = `inactivity ${settings.inactivityMonths ? `${settings.inactivityMonths} months` : "off"}, death reports ${settings.deathReports ? "on" : "off"}, waiting period ${settings.vetoDays} days, readable ${retention} months after retirement`;
    await audit(tx, ownerId, now, { kind: "owner" }, "Release settings changed", row.state as LegacyState, row.state as LegacyState, describe);
    return statusOf(tx, ownerId, now);
  });
}

/** The owner's veto: a pending release goes back to active, its confirmations forgotten. */
export function cancelRelease(deps: LegacyDeps, ownerId: string): Promise<ReleaseStatus> {
  return withUserScope(deps.db, ownerId, async (tx) => {
    const now = deps.now();
    const row = await releaseRow(tx, ownerId);
    if (row.state !== "pending") throw new AppError("legacy_contact_conflict", legacyMessages.notPending);
    await tx
      .update(legacyReleases)
      .set({ state: "active", pendingSince: null, pendingReason: null, vetoUntil: null, remindedDays: null, inactivitySince: row.inactivityMonths ? now : null, updatedAt: now })
      .where(eq(legacyReleases.userId, ownerId));
    await tx.delete(legacyConfirmations).where(eq(legacyConfirmations.userId, ownerId));
    await audit(tx, ownerId, now, { kind: "owner" }, "Cancelled by the owner", "pending", "active");
    return statusOf(tx, ownerId, now);
  });
}

/** The owner an accepted contact acts for, through the contact row that names them; anything else is 404. */
export async function ownerFor(deps: LegacyDeps, contactUserId: string, contactId: string): Promise<{ ownerId: string; name: string; role: LegacyRole }> {
  const ownerId = await withUserScope(deps.db, contactUserId, (tx) =>
    tx.execute<{ owner: string | null }>(sql`SELECT legacy_owner_of_my_contact(${contactId}::uuid) AS owner`).then((r) => r.rows[0]?.owner ?? null),
  );
  if (!ownerId) throw new AppError("legacy_contact_not_found", legacyMessages.contactNotFound);
  // From here the change is the owner's row, made in the owner's scope: the contact was checked above.
  const [contact] = await withUserScope(deps.db, ownerId, (tx) => tx.select().from(legacyContacts).where(and(eq(legacyContacts.id, contactId), eq(legacyContacts.userId, ownerId))));
  // Removed by the owner in between: as unknown as any other.
  if (!contact) throw new AppError("legacy_contact_not_found", legacyMessages.contactNotFound);
  return { ownerId, name: contact.name, role: contact.role as LegacyRole };
}

/** An accepted contact reports the owner's death: the release becomes pending, if the owner allows death reports. */
export async function reportDeath(deps: LegacyDeps, contactUserId: string, contactId: string, note: string): Promise<void> {
  const { ownerId, name } = await ownerFor(deps, contactUserId, contactId);
  await withUserScope(deps.db, ownerId, async (tx) => {
    const now = deps.now();
    const row = await releaseRow(tx, ownerId);
    if (!row.deathReports) throw new AppError("legacy_contact_conflict", legacyMessages.deathReportsOff);
    if (row.state !== "active") throw new AppError("legacy_contact_conflict", legacyMessages.cannotReport);
    await becomePending(deps, tx, ownerId, row, now, "death_report", { kind: "contact", contactId, name }, note || null);
  });
}

/** An accepted contact confirms a pending release; it happens at once if the waiting period is already over. */
export async function confirmRelease(deps: LegacyDeps, contactUserId: string, contactId: string): Promise<void> {
  const { ownerId, name } = await ownerFor(deps, contactUserId, contactId);
  await withUserScope(deps.db, ownerId, async (tx) => {
    const now = deps.now();
    const row = await releaseRow(tx, ownerId);
    if (row.state !== "pending") throw new AppError("legacy_contact_conflict", legacyMessages.cannotConfirm);
    const added = await tx.insert(legacyConfirmations).values({ userId: ownerId, contactId, createdAt: now }).onConflictDoNothing().returning();
    if (added.length === 0) throw new AppError("legacy_contact_conflict", legacyMessages.alreadyConfirmed);
    await audit(tx, ownerId, now, { kind: "contact", contactId, name }, "Release confirmed", "pending", "pending");
    await advanceRelease(deps, tx, ownerId, now);
  });
}

/**
 * The one-click "I'm still here" of a reminder, which only the owner received: the inactivity count starts again from
 * now, and a release that an inactivity deadline made pending is cancelled. The link works once.
 */
export async function stillHere(deps: LegacyDeps, token: string): Promise<void> {
  const ownerId = await deps.db
    .execute<{ owner: string | null }>(sql`SELECT legacy_owner_of_still_here(${hashToken(token)}) AS owner`)
    .then((r) => r.rows[0]?.owner ?? null);
  if (!ownerId) throw new AppError("legacy_invitation_invalid", legacyMessages.stillHereInvalid);
  await withUserScope(deps.db, ownerId, async (tx) => {
    const now = deps.now();
    const row = await releaseRow(tx, ownerId);
    if (row.state !== "active") throw new AppError("legacy_invitation_invalid", legacyMessages.stillHereInvalid);
    await tx.update(legacyReleases).set({ stillHereAt: now, stillHereTokenHash: null, remindedDays: null, updatedAt: now }).where(eq(legacyReleases.userId, ownerId));
    await audit(tx, ownerId, now, { kind: "owner" }, "I'm still here", "active", "active");
  });
}

/** Every owner the scheduler must look at, moved forward one at a time (each in its own transaction). */
export async function runReleaseScheduler(deps: LegacyDeps, log: (ownerId: string, error: unknown) => void = () => {}): Promise<{ checked: number; failed: number }> {
  const owners = await deps.db.execute<{ user_id: string }>(sql`SELECT user_id FROM legacy_owners_to_check()`);
  let failed = 0;
  for (const { user_id: ownerId } of owners.rows) {
    // One owner whose step fails (a mail server refusing their address, say) must not hold up everyone after them:
    // their change rolls back and is tried again at the next check.
    try {
      await withUserScope(deps.db, ownerId, (tx) => advanceRelease(deps, tx, ownerId, deps.now()));
    } catch (error) {
      failed++;
      log(ownerId, error);
    }
  }
  return { checked: owners.rows.length, failed };
}
