import crypto from "node:crypto";
import pg from "pg";

/** One family member who asks: their account and the contact row that names them on the owner's legacy. */
export interface Asker {
  readerId: string;
  contactId: string;
}

/**
 * Names one legacy contact per relationship that asks (the persona's `asker` values), each with an account of their
 * own that accepted, and releases the owner's legacy, so their questions are asked as the family asks them: through
 * the contact's twin, under the reader rule (issue 41). Written over the database owner's connection, like a fixture.
 * The owner's memories are given to the family (`visibility = 'family'`) unless they were left private on purpose.
 */
export async function setUpAskers(ownerUrl: string, ownerId: string, relationships: string[]): Promise<Map<string, Asker>> {
  const askers = new Map<string, Asker>();
  if (relationships.length === 0) return askers;
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    for (const [index, relationship] of [...new Set(relationships)].slice(0, 10).entries()) {
      const readerId = crypto.randomUUID();
      const email = `asker-${readerId}@example.invalid`;
      await owner.query(`INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at) VALUES ($1, $2, $3, true, now(), now())`, [readerId, relationship, email]);
      await owner.query(`INSERT INTO age_checks (user_id, birth_date) VALUES ($1, '1975-05-05')`, [readerId]);
      const contact = await owner.query<{ id: string }>(
        `INSERT INTO legacy_contacts (user_id, position, name, email, relationship, role, invite_expires_at, accepted_at, contact_user_id)
         VALUES ($1, $2, $3, $4, $5, 'contact', now() + interval '14 days', now() - interval '30 days', $6) RETURNING id`,
        [ownerId, index + 1, relationship, email, relationship, readerId],
      );
      askers.set(relationship, { readerId, contactId: contact.rows[0]!.id });
    }
    await owner.query(`UPDATE memories SET visibility = 'family' WHERE user_id = $1 AND visibility = 'private'`, [ownerId]);
    await owner.query(
      `INSERT INTO legacy_releases (user_id, state, released_at) VALUES ($1, 'released', now() - interval '1 day')
       ON CONFLICT (user_id) DO UPDATE SET state = 'released', released_at = excluded.released_at`,
      [ownerId],
    );
  } finally {
    await owner.end();
  }
  return askers;
}
