import { eq, sql } from "drizzle-orm";
import { LEGACY_ERASURE_REMINDER_DAYS } from "../../../contract";
import type { Transaction } from "../../db/client";
import { legacyReleases } from "../../db/schema";
import type { LegacyState } from "../../../contract";
import type { LegacyDeps } from "./deps";
import { ownerGivenName } from "./family-notices";
import { enqueueMail } from "./outbox";
import { composeErasureNoticeToOwner, composeReadingEndsMail, composeSealsOpenedMail } from "./release-mail";
import { lastSignIn } from "../../platform/sign-ins";
import { acceptedContacts, audit, DAY_MS, type ReleaseRow } from "./release-rows";

// What the scheduler does for a legacy after its release: announce seals as they open, and for a retired twin,
// remind the contacts before the reading period ends, then have the owner's data erased.

/**
 * Tells each accepted contact by e-mail when family or public memories sealed for later have opened since the last
 * announcement, and writes it in the history (inside the scheduler's transaction: the mails are outbox rows written
 * with the announcement mark, decision 0033).
 */
export async function announceOpenedSeals(deps: LegacyDeps, tx: Transaction, ownerId: string, row: ReleaseRow, now: Date): Promise<void> {
  if (!row.releasedAt) return;
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
  const { name: ownerName } = await ownerGivenName(tx, ownerId);
  for (const contact of await acceptedContacts(tx, ownerId)) {
    await enqueueMail(tx, ownerId, `seals:${now.toISOString()}`, composeSealsOpenedMail(deps.publicUrl, { to: contact.email, contactName: contact.name, ownerName, count, contactId: contact.id }));
  }
  const state = row.state as LegacyState;
  await audit(tx, ownerId, now, { kind: "system" }, count === 1 ? "A sealed memory opened" : `${count} sealed memories opened`, state, state);
  await tx.update(legacyReleases).set({ sealsAnnouncedUntil: now }).where(eq(legacyReleases.userId, ownerId));
}

/**
 * A retired legacy, each time the scheduler looks: seals still announced while it can be read; 30 and 7 days before
 * the reading period ends, each contact (and the owner's own address, in case they are alive and were released by
 * mistake) is told when, with a link to read and, for executors, to download; once it has ended, "erase" (the caller
 * erases the owner's account outside this transaction). An owner who signed in after the release is never erased:
 * someone is using the account, and an operator must look.
 */
export async function retiredLegacyStep(deps: LegacyDeps, tx: Transaction, ownerId: string, row: ReleaseRow, now: Date): Promise<"erase" | undefined> {
  // The end as the database computes it (calendar months, as its reading functions do), so mails and pages agree.
  const [end] = (
    await tx.execute<{ ends_at: string | null }>(sql`SELECT retired_at + make_interval(months => retention_months) AS ends_at FROM legacy_releases WHERE user_id = ${ownerId}`)
  ).rows;
  if (!end?.ends_at) return undefined;
  const endsAt = new Date(end.ends_at);
  if (endsAt.getTime() <= now.getTime()) {
    const signedIn = await lastSignIn(tx, ownerId);
    if (signedIn && row.releasedAt && signedIn > row.releasedAt) throw new Error("a retired legacy's owner signed in after its release: not erased, an operator must look");
    return "erase";
  }
  await announceOpenedSeals(deps, tx, ownerId, row, now);
  const daysLeft = (endsAt.getTime() - now.getTime()) / DAY_MS;
  const due = [...LEGACY_ERASURE_REMINDER_DAYS].reverse().find((d) => daysLeft <= d);
  if (due === undefined || (row.erasureRemindedDays !== null && row.erasureRemindedDays <= due)) return undefined;
  const { name: ownerName, email: ownerEmail } = await ownerGivenName(tx, ownerId);
  const key = `reading-ends-${due}:${endsAt.toISOString()}`;
  for (const contact of await acceptedContacts(tx, ownerId)) {
    await enqueueMail(tx, ownerId, key, composeReadingEndsMail(deps.publicUrl, { to: contact.email, contactName: contact.name, ownerName, endsAt, contactId: contact.id, executor: contact.role === "executor" }));
  }
  if (ownerEmail) await enqueueMail(tx, ownerId, key, composeErasureNoticeToOwner(deps.publicUrl, { to: ownerEmail, endsAt }));
  await tx.update(legacyReleases).set({ erasureRemindedDays: due }).where(eq(legacyReleases.userId, ownerId));
  return undefined;
}
