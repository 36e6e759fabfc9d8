import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import type { LegacyDeps } from "./deps";
import {
  confirmationNeededToContact,
  releasedToContact,
  releasedToOwner,
  stoppedToContact,
  twinControlToContact,
  waitingPeriodToContact,
} from "./family-mail";
import { enqueueMail } from "./outbox";
import { acceptedContacts } from "./release-rows";

// Each step of a release, as the family is told of it: one outbox row per person, written in the transaction of the
// change (decision 0033). The event key names the change by the moment it happened, so one step is one mail each.

/**
 * The owner as they named themselves: the profile's first name, else the account's name when it is not an address;
 * never the e-mail address. The address (for the owner's own notices) comes with it.
 */
export async function ownerGivenName(tx: Transaction, ownerId: string): Promise<{ name: string; email: string | null }> {
  const [row] = (
    await tx.execute<{ first_name: string | null; name: string | null; email: string }>(
      sql`SELECT nullif(btrim(p.first_name), '') AS first_name, nullif(btrim(u.name), '') AS name, u.email FROM "user" u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ${ownerId}`,
    )
  ).rows;
  if (!row) return { name: "Someone", email: null };
  const name = row.first_name ?? (row.name && !row.name.includes("@") ? row.name : null) ?? "Someone";
  return { name, email: row.email };
}

/** Whether contacts may hear the owner's voice: a consent in force that reaches them and a ready clone. */
async function voiceForContacts(tx: Transaction, ownerId: string): Promise<boolean> {
  const [row] = (
    await tx.execute<{ ok: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM voice_consents c WHERE c.user_id = ${ownerId} AND c.revoked_at IS NULL AND c.scope <> 'only-me')
             AND EXISTS (SELECT 1 FROM voice_profiles v WHERE v.user_id = ${ownerId} AND v.training_status = 'ready' AND v.provider_voice_id IS NOT NULL) AS ok`,
    )
  ).rows;
  return Boolean(row?.ok);
}

/** A release has begun (death reported or inactivity): every contact but the one who reported it, with the end date. */
export async function tellWaitingPeriod(
  deps: LegacyDeps,
  tx: Transaction,
  ownerId: string,
  p: { since: Date; reason: "inactivity" | "death_report"; reporterContactId: string | null; reporterName: string | null; vetoUntil: Date },
): Promise<void> {
  const { name: ownerName } = await ownerGivenName(tx, ownerId);
  const contacts = await acceptedContacts(tx, ownerId);
  const noExecutor = !contacts.some((c) => c.role === "executor");
  for (const c of contacts) {
    if (c.id === p.reporterContactId) continue;
    const mail = waitingPeriodToContact(deps.publicUrl, {
      to: c.email,
      contactName: c.name,
      ownerName,
      contactId: c.id,
      reason: p.reason,
      reporter: p.reporterName,
      vetoUntil: p.vetoUntil,
      executor: c.role === "executor",
      noExecutor,
    });
    await enqueueMail(tx, ownerId, `pending:${p.since.toISOString()}`, mail);
  }
}

/** The waiting period is over and the release still waits for confirmation: those whose confirmation counts. */
export async function tellConfirmationNeeded(deps: LegacyDeps, tx: Transaction, ownerId: string, p: { since: Date; needs: string }): Promise<void> {
  const { name: ownerName } = await ownerGivenName(tx, ownerId);
  const contacts = await acceptedContacts(tx, ownerId);
  const executors = contacts.filter((c) => c.role === "executor");
  for (const c of executors.length > 0 ? executors : contacts) {
    await enqueueMail(tx, ownerId, `confirmation-needed:${p.since.toISOString()}`, confirmationNeededToContact(deps.publicUrl, { to: c.email, contactName: c.name, ownerName, contactId: c.id, needs: p.needs }));
  }
}

/** At release: every accepted contact (what they can do now, executors their controls too) and the owner's own address. */
export async function tellReleased(deps: LegacyDeps, tx: Transaction, ownerId: string, releasedAt: Date): Promise<void> {
  const { name: ownerName, email } = await ownerGivenName(tx, ownerId);
  const voice = await voiceForContacts(tx, ownerId);
  const memorial = await tx.execute<{ slug: string | null }>(sql`SELECT memorial_slug AS slug FROM legacy_releases WHERE user_id = ${ownerId}`);
  const memorialSlug = memorial.rows[0]?.slug ?? null;
  const key = `released:${releasedAt.toISOString()}`;
  for (const c of await acceptedContacts(tx, ownerId)) {
    await enqueueMail(tx, ownerId, key, releasedToContact(deps.publicUrl, { to: c.email, contactName: c.name, ownerName, contactId: c.id, executor: c.role === "executor", voice, releasedAt, memorialSlug }));
  }
  if (email) await enqueueMail(tx, ownerId, key, releasedToOwner(deps.publicUrl, { to: email, releasedAt }));
}

/** The owner stopped a release (cancelled it, signed in, or undid it after the release): every accepted contact. */
export async function tellStopped(deps: LegacyDeps, tx: Transaction, ownerId: string, p: { at: Date; how: "cancelled" | "signed-in" | "undone" }): Promise<void> {
  const { name: ownerName } = await ownerGivenName(tx, ownerId);
  for (const c of await acceptedContacts(tx, ownerId)) {
    await enqueueMail(tx, ownerId, `stopped:${p.at.toISOString()}`, stoppedToContact(deps.publicUrl, { to: c.email, contactName: c.name, ownerName, contactId: c.id, ...p }));
  }
}

/** An executor paused, resumed or retired the twin: every accepted contact. */
export async function tellTwinControl(
  deps: LegacyDeps,
  tx: Transaction,
  ownerId: string,
  p: { at: Date; control: "pause" | "resume" | "retire"; executorName: string; message: string | null; readableUntil: Date | null },
): Promise<void> {
  const { name: ownerName } = await ownerGivenName(tx, ownerId);
  for (const c of await acceptedContacts(tx, ownerId)) {
    const mail = twinControlToContact(deps.publicUrl, { to: c.email, contactName: c.name, ownerName, contactId: c.id, ...p });
    await enqueueMail(tx, ownerId, `${p.control}:${p.at.toISOString()}`, mail);
  }
}
