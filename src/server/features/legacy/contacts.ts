import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { LEGACY_CONTACTS_MAX, LEGACY_INVITATIONS_PER_HOUR, LEGACY_INVITE_DAYS, legacyMessages, type addLegacyContactSchema, type LegacyContact, type orderLegacyContactsSchema, type updateLegacyContactSchema } from "../../../contract";
import type { Transaction } from "../../db/client";
import { legacyContacts } from "../../db/schema";
import { personName } from "../profile";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { consumeRateLimit } from "../../platform/rate-limit";
import { hashToken, newSecretToken } from "../../platform/tokens";
import type { LegacyDeps } from "./deps";
import { composeLegacyInvitationMail } from "./invitation-mail";

type Row = typeof legacyContacts.$inferSelect;
type AddInput = z.output<typeof addLegacyContactSchema>;
type UpdateInput = z.output<typeof updateLegacyContactSchema>;
type OrderInput = z.output<typeof orderLegacyContactsSchema>;

const DAY_MS = 86_400_000;

/** Each contact's name and relationship, in the owner's order, read in the caller's user-scoped transaction (the People list's suggestions). */
export const contactRelationships = (tx: Transaction, userId: string) =>
  tx.select({ name: legacyContacts.name, relationship: legacyContacts.relationship }).from(legacyContacts).where(eq(legacyContacts.userId, userId)).orderBy(asc(legacyContacts.position));
export const contactNotFound = () => new AppError("legacy_contact_not_found", legacyMessages.contactNotFound);
const conflict = (message: string) => new AppError("legacy_contact_conflict", message);

function toContact(row: Row, now: Date): LegacyContact {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    email: row.email,
    relationship: row.relationship,
    role: row.role as LegacyContact["role"],
    status: row.acceptedAt ? "accepted" : row.inviteExpiresAt.getTime() <= now.getTime() ? "expired" : "invited",
    invitedAt: row.invitedAt.toISOString(),
    inviteExpiresAt: row.inviteExpiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

const ordered = (tx: Transaction, userId: string) =>
  tx.select().from(legacyContacts).where(eq(legacyContacts.userId, userId)).orderBy(asc(legacyContacts.position), asc(legacyContacts.createdAt));

async function listOf(tx: Transaction, userId: string, now: Date) {
  const contacts = (await ordered(tx, userId)).map((row) => toContact(row, now));
  const recommendation = contacts.length > 0 && !contacts.some((c) => c.role === "executor") ? legacyMessages.executorRecommended : null;
  return { contacts, recommendation };
}

/** The owner's contacts in their order, and the executor recommendation when nobody is one. */
export function listLegacyContacts(deps: LegacyDeps, userId: string) {
  return withUserScope(deps.db, userId, (tx) => listOf(tx, userId, deps.now()));
}

/**
 * A new invitation for one contact: a fresh token (the previous link stops working), 14 days from now, and the e-mail,
 * inside the caller's transaction, so a contact is invited only if their e-mail went out.
 */
async function invite(deps: LegacyDeps, tx: Transaction, userId: string, row: Row): Promise<Row> {
  const token = newSecretToken();
  const now = deps.now();
  const [updated] = await tx
    .update(legacyContacts)
    .set({ inviteTokenHash: hashToken(token), invitedAt: now, inviteExpiresAt: new Date(now.getTime() + LEGACY_INVITE_DAYS * DAY_MS) })
    .where(and(eq(legacyContacts.id, row.id), eq(legacyContacts.userId, userId)))
    .returning();
  const owner = await personName(tx, userId);
  await deps.mailer.send(composeLegacyInvitationMail(deps.publicUrl, { to: row.email, contactName: row.name, ownerName: owner.name, role: row.role as LegacyContact["role"], token, expiresAt: updated!.inviteExpiresAt }));
  return updated!;
}

/**
 * Counts one invitation before its transaction opens: outside the transaction's fate, so a refused attempt still
 * counts and the limit cannot be probed for free, and never on a second connection while the transaction holds one
 * (SECURITY.md 45: ten such requests at once once held the whole pool).
 */
const countInvitation = (deps: LegacyDeps, userId: string) =>
  consumeRateLimit(deps.db, { key: `legacy:invitations:${userId}`, limit: LEGACY_INVITATIONS_PER_HOUR, windowSeconds: 3600, message: legacyMessages.tooManyInvitations });

/** Names a contact and sends the invitation: at most 10, one per address, never the owner's own address. */
export async function addLegacyContact(deps: LegacyDeps, userId: string, input: AddInput): Promise<LegacyContact> {
  await countInvitation(deps, userId);
  return withUserScope(deps.db, userId, async (tx) => {
    // One owner's additions one at a time, so two at once cannot both be the tenth.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('legacy_contacts:' || ${userId}))`);
    const owner = await personName(tx, userId);
    if (owner.email.toLowerCase() === input.email) throw conflict(legacyMessages.notYourself);
    const existing = await ordered(tx, userId);
    if (existing.some((c) => c.email === input.email)) throw conflict(legacyMessages.duplicateEmail);
    if (existing.length >= LEGACY_CONTACTS_MAX) throw conflict(legacyMessages.tooMany);
    const [row] = await tx
      .insert(legacyContacts)
      .values({ userId, ...input, position: existing.length + 1, inviteExpiresAt: deps.now() })
      .returning();
    return toContact(await invite(deps, tx, userId, row!), deps.now());
  });
}

async function ownRow(tx: Transaction, userId: string, id: string): Promise<Row> {
  const [row] = await tx.select().from(legacyContacts).where(and(eq(legacyContacts.id, id), eq(legacyContacts.userId, userId))).for("update");
  if (!row) throw contactNotFound();
  return row;
}

/** Changes a contact's name, relationship or role. */
export function updateLegacyContact(deps: LegacyDeps, userId: string, id: string, patch: UpdateInput): Promise<LegacyContact> {
  return withUserScope(deps.db, userId, async (tx) => {
    await ownRow(tx, userId, id);
    const [row] = await tx.update(legacyContacts).set(patch).where(and(eq(legacyContacts.id, id), eq(legacyContacts.userId, userId))).returning();
    return toContact(row!, deps.now());
  });
}

/** Sends a new invitation to a contact who has not accepted yet; the earlier link stops working. */
export async function resendLegacyInvitation(deps: LegacyDeps, userId: string, id: string): Promise<LegacyContact> {
  await countInvitation(deps, userId);
  return withUserScope(deps.db, userId, async (tx) => {
    const row = await ownRow(tx, userId, id);
    if (row.acceptedAt) throw conflict(legacyMessages.alreadyAccepted);
    return toContact(await invite(deps, tx, userId, row), deps.now());
  });
}

/** Removes a contact (the invitation link stops working with the row) and closes the gap in the order. */
export function removeLegacyContact(deps: LegacyDeps, userId: string, id: string): Promise<void> {
  return withUserScope(deps.db, userId, async (tx) => {
    const row = await ownRow(tx, userId, id);
    await tx.delete(legacyContacts).where(and(eq(legacyContacts.id, id), eq(legacyContacts.userId, userId)));
    await tx
      .update(legacyContacts)
      .set({ position: sql`${legacyContacts.position} - 1` })
      .where(and(eq(legacyContacts.userId, userId), sql`${legacyContacts.position} > ${row.position}`));
  });
}

/** Puts the contacts in the order given, which must name each of them exactly once. */
export function orderLegacyContacts(deps: LegacyDeps, userId: string, input: OrderInput) {
  return withUserScope(deps.db, userId, async (tx) => {
    const rows = await ordered(tx, userId);
    const ids = new Set(input.ids);
    if (ids.size !== input.ids.length || ids.size !== rows.length || !rows.every((r) => ids.has(r.id))) {
      throw new AppError("validation_failed", legacyMessages.orderMismatch, { fields: { ids: legacyMessages.orderMismatch } });
    }
    for (const [index, id] of input.ids.entries()) {
      await tx.update(legacyContacts).set({ position: index + 1 }).where(and(eq(legacyContacts.id, id), eq(legacyContacts.userId, userId)));
    }
    return listOf(tx, userId, deps.now());
  });
}
