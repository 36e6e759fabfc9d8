import { eq, sql } from "drizzle-orm";
import { LEGACY_REMINDER_DAYS, legacyMessages, type LegacyState, type ReleaseStatus } from "../../../contract";
import type { Transaction } from "../../db/client";
import { legacyConfirmations, legacyContacts, legacyReleases, user } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { lastSignIn } from "../../platform/sign-ins";
import { hashToken, newSecretToken } from "../../platform/tokens";
import { announceOpenedSeals, retiredLegacyStep } from "./aftercare";
import { ownerFor } from "./contact-owner";
import type { LegacyDeps } from "./deps";
import { plainDate } from "./family-mail";
import { ownerGivenName, tellConfirmationNeeded, tellReleased, tellStopped, tellWaitingPeriod } from "./family-notices";
import { deliverOutbox, deliverSoon, enqueueMail, forgetSentMail } from "./outbox";
import { composePendingMail, composeStillHereReminder } from "./release-mail";
import { audit, confirmationsNeeded, DAY_MS, monthsMs, releaseRow, type Actor, type ReleaseRow } from "./release-rows";
import { statusOf } from "./release-settings";

async function becomePending(deps: LegacyDeps, tx: Transaction, ownerId: string, row: ReleaseRow, now: Date, reason: "inactivity" | "death_report", actor: Actor, note: string | null) {
  const vetoUntil = new Date(now.getTime() + row.vetoDays * DAY_MS);
  await tx
    .update(legacyReleases)
    .set({ state: "pending", pendingSince: now, pendingReason: reason, reportedByContactId: actor.kind === "contact" ? actor.contactId : null, vetoUntil, stillHereTokenHash: null, updatedAt: now })
    .where(eq(legacyReleases.userId, ownerId));
  await tx.delete(legacyConfirmations).where(eq(legacyConfirmations.userId, ownerId));
  await audit(tx, ownerId, now, actor, reason === "inactivity" ? "Inactivity deadline passed" : "Death reported", row.state as LegacyState, "pending", note);
  // A line of its own, a moment after the report so the history reads in order: when the waiting period ends.
  await audit(tx, ownerId, new Date(now.getTime() + 1), { kind: "system" }, `Waiting period started, until ${plainDate(vetoUntil)}`, "pending", "pending");
  // The owner hears of it at once, by e-mail as well as in the dashboard, and can cancel with one click; the family is
  // told what happens and when. Both through the outbox, in this transaction (decision 0033).
  const { email } = await ownerGivenName(tx, ownerId);
  const reporter = actor.kind === "contact" ? actor.name : null;
  const [reporterRow] =
    actor.kind === "contact"
      ? await tx.select({ name: legacyContacts.name, relationship: legacyContacts.relationship, email: legacyContacts.email }).from(legacyContacts).where(eq(legacyContacts.id, actor.contactId))
      : [];
  if (email) await enqueueMail(tx, ownerId, `pending:${now.toISOString()}`, composePendingMail(deps.publicUrl, { to: email, reason, vetoUntil, reporter: reporterRow ?? null }));
  await tellWaitingPeriod(deps, tx, ownerId, { since: now, reason, reporterContactId: actor.kind === "contact" ? actor.contactId : null, reporterName: reporter, vetoUntil });
}

/**
 * Moves one owner's legacy forward as far as `now` allows: an inactivity deadline passed → pending (reminders
 * 30, 7 and 1 days before, each once); pending and the veto window over with enough confirmations → released; pending
 * because of inactivity and the owner signed in since → active again; released → seals announced as they open; retired
 * → the contacts reminded before the reading period ends, and "erase" once it has. Called by the scheduler and after a
 * confirmation.
 */
export async function advanceRelease(deps: LegacyDeps, tx: Transaction, ownerId: string, now: Date): Promise<"erase" | undefined> {
  const row = await releaseRow(tx, ownerId);
  const signedIn = await lastSignIn(tx, ownerId);
  if (row.state === "active" && row.inactivityMonths && row.inactivitySince) {
    const base = Math.max(row.inactivitySince.getTime(), signedIn?.getTime() ?? 0, row.stillHereAt?.getTime() ?? 0);
    const deadline = base + monthsMs(row.inactivityMonths);
    if (now.getTime() >= deadline) {
      await becomePending(deps, tx, ownerId, row, now, "inactivity", { kind: "system" }, null);
      return;
    }
    const daysLeft = (deadline - now.getTime()) / DAY_MS;
    const due = [...LEGACY_REMINDER_DAYS].reverse().find((d) => daysLeft <= d);
    if (due === undefined) {
      // More than 30 days left (a sign-in started the count again): the reminders start again too.
      if (row.remindedDays !== null) await tx.update(legacyReleases).set({ remindedDays: null }).where(eq(legacyReleases.userId, ownerId));
    } else if (row.remindedDays === null || row.remindedDays > due) {
      const token = newSecretToken();
      const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, ownerId));
      // Through the outbox like every mail of the release: written with the change, sent by this check's delivery
      // (never while this transaction holds its connection), and its words forgotten once sent (migration 0057). The
      // link's token is the one stored only when this reminder was written: one already sent keeps its link working.
      const key = `still-here:${due}:${new Date(deadline).toISOString()}`;
      const written = owner ? await enqueueMail(tx, ownerId, key, composeStillHereReminder(deps.publicUrl, { to: owner.email, deadline: new Date(deadline), token })) : false;
      await tx
        .update(legacyReleases)
        .set({ remindedDays: due, ...(written ? { stillHereTokenHash: hashToken(token) } : {}), updatedAt: now })
        .where(eq(legacyReleases.userId, ownerId));
    }
    return;
  }
  if (row.state === "retired") return retiredLegacyStep(deps, tx, ownerId, row, now);
  if (row.state === "released" || row.state === "paused") {
    await announceOpenedSeals(deps, tx, ownerId, row, now);
    return;
  }
  if (row.state !== "pending") return;
  if (row.pendingReason === "inactivity" && signedIn && row.pendingSince && signedIn > row.pendingSince) {
    await tx.update(legacyReleases).set({ state: "active", pendingSince: null, pendingReason: null, vetoUntil: null, remindedDays: null, diedOn: null, updatedAt: now }).where(eq(legacyReleases.userId, ownerId));
    await tx.delete(legacyConfirmations).where(eq(legacyConfirmations.userId, ownerId));
    await audit(tx, ownerId, now, { kind: "owner" }, "Signed in: release cancelled", "pending", "active");
    await tellStopped(deps, tx, ownerId, { at: now, how: "signed-in" });
    return;
  }
  if (!row.vetoUntil || now.getTime() < row.vetoUntil.getTime()) return;
  const needed = await confirmationsNeeded(tx, ownerId);
  if (needed.met) {
    await tx.update(legacyReleases).set({ state: "released", releasedAt: now, pendingSince: null, pendingReason: null, vetoUntil: null, updatedAt: now }).where(eq(legacyReleases.userId, ownerId));
    await audit(tx, ownerId, now, { kind: "system" }, "Released after the waiting period and confirmation", "pending", "released");
    await tellReleased(deps, tx, ownerId, now);
    return;
  }
  // The waiting period is over but nobody has confirmed enough: those whose confirmation counts are asked, once.
  const asked = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM legacy_audit WHERE user_id = ${ownerId} AND action = ${CONFIRMATION_NEEDED} AND at >= ${row.pendingSince!.toISOString()}::timestamptz`,
  );
  if (Number(asked.rows[0]?.n ?? 0) > 0) return;
  await audit(tx, ownerId, now, { kind: "system" }, CONFIRMATION_NEEDED, "pending", "pending", needed.needs);
  await tellConfirmationNeeded(deps, tx, ownerId, { since: row.pendingSince!, needs: needed.needs ?? "" });
}

const CONFIRMATION_NEEDED = "Waiting period over: the release waits for confirmation";

/**
 * The owner's veto: a pending release goes back to active, its confirmations forgotten. The same button undoes a
 * release made by mistake while it is released or paused (decision 0033): what was opened closes again (the memories,
 * the visitors' twin, the memorial), seals count again from a later release. Once an executor retired the twin it is
 * final. The contacts are told either way.
 */
export async function cancelRelease(deps: LegacyDeps, ownerId: string): Promise<ReleaseStatus> {
  const status = await withUserScope(deps.db, ownerId, async (tx) => {
    const now = deps.now();
    const row = await releaseRow(tx, ownerId);
    const undo = row.state === "released" || row.state === "paused";
    if (row.state !== "pending" && !undo) throw new AppError("legacy_contact_conflict", legacyMessages.notPending);
    await tx
      .update(legacyReleases)
      .set({
        state: "active",
        pendingSince: null,
        pendingReason: null,
        vetoUntil: null,
        remindedDays: null,
        // Not dead after all (or not yet): a date of death reported with the release goes with it.
        diedOn: null,
        inactivitySince: row.inactivityMonths ? now : null,
        updatedAt: now,
        ...(undo ? { releasedAt: null, pauseMessage: null, sealsAnnouncedUntil: null } : {}),
      })
      .where(eq(legacyReleases.userId, ownerId));
    await tx.delete(legacyConfirmations).where(eq(legacyConfirmations.userId, ownerId));
    await audit(tx, ownerId, now, { kind: "owner" }, undo ? "Release undone by the owner" : "Cancelled by the owner", row.state as LegacyState, "active");
    await tellStopped(deps, tx, ownerId, { at: now, how: undo ? "undone" : "cancelled" });
    return statusOf(tx, ownerId, now);
  });
  await deliverSoon(deps, ownerId);
  return status;
}

/** An accepted contact reports the owner's death: the release becomes pending, if the owner allows death reports. */
export async function reportDeath(deps: LegacyDeps, contactUserId: string, contactId: string, report: { note: string; diedOn: string | null }): Promise<void> {
  const { ownerId, name } = await ownerFor(deps, contactUserId, contactId);
  await withUserScope(deps.db, ownerId, async (tx) => {
    const now = deps.now();
    const row = await releaseRow(tx, ownerId);
    if (!row.deathReports) throw new AppError("legacy_contact_conflict", legacyMessages.deathReportsOff);
    if (row.state !== "active") throw new AppError("legacy_contact_conflict", legacyMessages.cannotReport);
    if (report.diedOn) await checkDateOfDeath(tx, ownerId, report.diedOn, now);
    await becomePending(deps, tx, ownerId, row, now, "death_report", { kind: "contact", contactId, name }, report.note || null);
    if (report.diedOn) await tx.update(legacyReleases).set({ diedOn: report.diedOn }).where(eq(legacyReleases.userId, ownerId));
  });
  await deliverSoon(deps, ownerId);
}

/**
 * A reported date of death is not in the future and no earlier than the owner's date of birth. "Today" is the
 * reporter's calendar day, which runs up to a day ahead of UTC's (UTC+14), so the latest day accepted is UTC's tomorrow.
 */
async function checkDateOfDeath(tx: Transaction, ownerId: string, diedOn: string, now: Date) {
  const refuse = (message: string) => new AppError("validation_failed", message, { fields: { diedOn: message } });
  if (diedOn > new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10)) throw refuse(legacyMessages.diedOnFuture);
  const born = await tx.execute<{ birthday: string | null }>(sql`SELECT birthday::text AS birthday FROM profiles WHERE user_id = ${ownerId}`);
  const birthday = born.rows[0]?.birthday;
  if (birthday && diedOn < birthday) throw refuse(legacyMessages.diedOnBeforeBirth);
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
  await deliverSoon(deps, ownerId);
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

export interface SchedulerHooks {
  log?: (ownerId: string, error: unknown) => void;
  /** Erases an owner's account whose retired legacy's reading period has ended (outside the scheduler's transaction). */
  erase?: (ownerId: string) => Promise<void>;
}

/**
 * Every owner the scheduler must look at, moved forward one at a time (each in its own transaction), then every mail
 * still in the outbox sent (those the steps just wrote, and any a crashed or failed run left).
 */
export async function runReleaseScheduler(deps: LegacyDeps, hooks: SchedulerHooks = {}): Promise<{ checked: number; failed: number; erased: number; mailed: number }> {
  const owners = await deps.db.execute<{ user_id: string }>(sql`SELECT user_id FROM legacy_owners_to_check()`);
  let failed = 0;
  let erased = 0;
  for (const { user_id: ownerId } of owners.rows) {
    // One owner whose step fails (a mail server refusing their address, say) must not hold up everyone after them:
    // their change rolls back and is tried again at the next check.
    try {
      const next = await withUserScope(deps.db, ownerId, (tx) => advanceRelease(deps, tx, ownerId, deps.now()));
      if (next === "erase" && hooks.erase) {
        await hooks.erase(ownerId);
        erased++;
      }
    } catch (error) {
      failed++;
      hooks.log?.(ownerId, error);
    }
  }
  // The mails last: those the steps above wrote, and any a crashed or refused run left. The changes are committed
  // whatever happens here; an unsent mail waits for the next check.
  let mails = { sent: 0, failed: 0 };
  try {
    mails = await deliverOutbox(deps);
  } catch (error) {
    mails.failed++;
    hooks.log?.("(outbox)", error);
  }
  // Housekeeping, not a mail: a failure here is logged and tried again at the next check.
  await forgetSentMail(deps).catch((error: unknown) => hooks.log?.("(outbox words)", error));
  return { checked: owners.rows.length, failed: failed + mails.failed, erased, mailed: mails.sent };
}
