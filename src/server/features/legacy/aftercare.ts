import { eq, sql } from "drizzle-orm";
import { LEGACY_ERASURE_REMINDER_DAYS } from "../../../contract";
import type { Transaction } from "../../db/client";
import { legacyReleases } from "../../db/schema";
import { personName } from "../profile";
import type { LegacyDeps } from "./deps";
import { composeReadingEndsMail, composeSealsOpenedMail } from "./release-mail";
import { acceptedContacts, DAY_MS, readingEndsAt, type ReleaseRow } from "./release-rows";

// What the scheduler does for a legacy after its release: announce seals as they open, and for a retired twin,
// remind the contacts before the reading period ends, then have the owner's data erased.

/**
 * Tells each accepted contact by e-mail when family or public memories sealed for later have opened since the last
 * announcement (inside the scheduler's transaction: the announcement mark moves only if the mails went out).
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
  const { name: ownerName } = await personName(tx, ownerId);
  for (const contact of await acceptedContacts(tx, ownerId)) {
    await deps.mailer.send(composeSealsOpenedMail(deps.publicUrl, { to: contact.email, contactName: contact.name, ownerName, count, contactId: contact.id }));
  }
  await tx.update(legacyReleases).set({ sealsAnnouncedUntil: now }).where(eq(legacyReleases.userId, ownerId));
}

/**
 * A retired legacy, each time the scheduler looks: seals still announced while it can be read; 30 and 7 days before
 * the reading period ends, each contact is told when (with a link to read, and for executors to download); once it
 * has ended, "erase" (the caller erases the owner's account outside this transaction).
 */
export async function retiredLegacyStep(deps: LegacyDeps, tx: Transaction, ownerId: string, row: ReleaseRow, now: Date): Promise<"erase" | undefined> {
  const endsAt = readingEndsAt(row);
  if (!endsAt) return undefined;
  if (endsAt.getTime() <= now.getTime()) return "erase";
  await announceOpenedSeals(deps, tx, ownerId, row, now);
  const daysLeft = (endsAt.getTime() - now.getTime()) / DAY_MS;
  const due = [...LEGACY_ERASURE_REMINDER_DAYS].reverse().find((d) => daysLeft <= d);
  if (due === undefined || (row.erasureRemindedDays !== null && row.erasureRemindedDays <= due)) return undefined;
  const { name: ownerName } = await personName(tx, ownerId);
  for (const contact of await acceptedContacts(tx, ownerId)) {
    await deps.mailer.send(composeReadingEndsMail(deps.publicUrl, { to: contact.email, contactName: contact.name, ownerName, endsAt, contactId: contact.id, executor: contact.role === "executor" }));
  }
  await tx.update(legacyReleases).set({ erasureRemindedDays: due }).where(eq(legacyReleases.userId, ownerId));
  return undefined;
}
