import { and, eq, sql } from "drizzle-orm";
import { legacyMessages, type LegacyRole } from "../../../contract";
import { legacyContacts } from "../../db/schema";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { isUuid } from "../../platform/ids";
import type { LegacyDeps } from "./deps";

// A contact reaches an owner only through the contact row that names them (its id is in every contact's URL):
// resolved by the database for the signed-in contact, so a row naming someone else is as unknown as a made-up one.

const notFound = () => new AppError("legacy_contact_not_found", legacyMessages.contactNotFound);

/** The owner an accepted contact acts for, through the contact row that names them; anything else is 404. */
export async function ownerFor(deps: LegacyDeps, contactUserId: string, contactId: string): Promise<{ ownerId: string; name: string; role: LegacyRole }> {
  const ownerId = await withUserScope(deps.db, contactUserId, (tx) =>
    tx.execute<{ owner: string | null }>(sql`SELECT legacy_owner_of_my_contact(${contactId}::uuid) AS owner`).then((r) => r.rows[0]?.owner ?? null),
  );
  if (!ownerId) throw notFound();
  // From here the change is the owner's row, made in the owner's scope: the contact was checked above.
  const [contact] = await withUserScope(deps.db, ownerId, (tx) => tx.select().from(legacyContacts).where(and(eq(legacyContacts.id, contactId), eq(legacyContacts.userId, ownerId))));
  // Removed by the owner in between: as unknown as any other.
  if (!contact) throw notFound();
  return { ownerId, name: contact.name, role: contact.role as LegacyRole };
}

/**
 * The owner who named the signed-in reader through this contact row, with the name the reader knows them by, and the
 * reader as the owner named them (relationship and name).
 */
export async function ownerNaming(deps: LegacyDeps, readerId: string, contactId: string | undefined): Promise<{ ownerId: string; ownerName: string; state: string; relationship: string; contactName: string }> {
  if (!isUuid(contactId)) throw notFound();
  const [row] = await withUserScope(deps.db, readerId, (tx) =>
    tx
      .execute<{ owner_id: string | null; owner_name: string; state: string; relationship: string; contact_name: string }>(
        sql`SELECT legacy_owner_of_my_contact(${contactId}::uuid) AS owner_id, n.owner_name, n.state, n.relationship, n.contact_name FROM legacy_people_naming_me() n WHERE n.contact_id = ${contactId}::uuid`,
      )
      .then((r) => r.rows),
  );
  if (!row?.owner_id) throw notFound();
  return { ownerId: row.owner_id, ownerName: row.owner_name, state: row.state, relationship: row.relationship, contactName: row.contact_name };
}
