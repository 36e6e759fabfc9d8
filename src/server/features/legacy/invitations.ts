import { sql } from "drizzle-orm";
import { legacyMessages, type LegacyDocument, type LegacyRole, type LegacyState } from "../../../contract";
import { withUserScope } from "../../db/user-scope";
import { AppError } from "../../platform/errors";
import { hashToken } from "../../platform/tokens";
import type { LegacyDeps } from "./deps";
import { documentsForContact } from "./documents-read";

const problemMessages: Record<string, string> = {
  unknown: legacyMessages.inviteUnknown,
  expired: legacyMessages.inviteExpired,
  other_address: legacyMessages.inviteOtherAddress,
};

/**
 * Who sent an invitation and in what role, for its page before anyone signs in: the first name the owner gave in their
 * profile (null when none, never the e-mail). The token is the secret; an unknown or expired one is 410 with what to do.
 */
export async function previewLegacyInvitation(deps: LegacyDeps, token: string): Promise<{ ownerName: string | null; role: LegacyRole }> {
  const found = await deps.db.execute<{ owner_first_name: string | null; role: LegacyRole | null; problem: string | null }>(
    sql`SELECT owner_first_name, role, problem FROM legacy_invitation_preview(${hashToken(token)})`,
  );
  const row = found.rows[0];
  if (!row?.role) throw new AppError("legacy_invitation_invalid", problemMessages[row?.problem ?? "unknown"] ?? legacyMessages.inviteUnknown);
  return { ownerName: row.owner_first_name, role: row.role };
}

/**
 * Accepts an invitation as the signed-in person (migration 0023's legacy_accept_invitation checks the token, its
 * expiry and that it was sent to this very address). Accepting again answers the same. Anything else is 410 with
 * what to do about it.
 */
export async function acceptLegacyInvitation(deps: LegacyDeps, who: { id: string; email: string }, token: string): Promise<{ ownerName: string | null; role: LegacyRole }> {
  return withUserScope(deps.db, who.id, async (tx) => {
    const tokenHash = hashToken(token);
    const accepted = await tx.execute<{ contact_id: string }>(sql`SELECT contact_id FROM legacy_accept_invitation(${tokenHash}, ${who.email})`);
    const contactId = accepted.rows[0]?.contact_id;
    if (!contactId) {
      const problem = await tx.execute<{ problem: string | null }>(sql`SELECT legacy_invitation_problem(${tokenHash}, ${who.email}) AS problem`);
      throw new AppError("legacy_invitation_invalid", problemMessages[problem.rows[0]?.problem ?? "unknown"] ?? legacyMessages.inviteUnknown);
    }
    // Named as the owner named themself (their profile's first name), never by their e-mail.
    const named = await tx.execute<{ owner_first_name: string | null; role: LegacyRole | null }>(sql`SELECT owner_first_name, role FROM legacy_invitation_preview(${tokenHash})`);
    const mine = named.rows[0];
    return { ownerName: mine?.owner_first_name ?? null, role: mine?.role ?? "contact" };
  });
}

/**
 * Accepts an invitation sent to the signed-in address without its mailed token: the sign-in proved the address
 * (migration 0062). One no longer open (accepted elsewhere, withdrawn, expired) is 410 with what to do.
 */
export async function acceptWaitingInvitation(deps: LegacyDeps, userId: string, contactId: string): Promise<{ ownerName: string | null; role: LegacyRole }> {
  const accepted = await withUserScope(deps.db, userId, (tx) =>
    tx.execute<{ owner_first_name: string | null; role: LegacyRole }>(sql`SELECT owner_first_name, role FROM legacy_accept_waiting_invitation(${contactId}::uuid)`),
  );
  const row = accepted.rows[0];
  if (!row) throw new AppError("legacy_invitation_invalid", legacyMessages.inviteUnknown);
  return { ownerName: row.owner_first_name, role: row.role };
}

/** The people who named the signed-in person, with their role and where their legacy stands: all a contact sees before release. */
export async function listNamedBy(deps: LegacyDeps, userId: string) {
  const { rows, history, documents, waiting } = await withUserScope(deps.db, userId, async (tx) => {
    const named = await tx.execute<{ contact_id: string; owner_name: string; owner_email: string; role: LegacyRole; relationship: string; accepted_at: string | Date; state: LegacyState; death_reports: boolean; confirmed_by_me: boolean; memorial_slug: string | null; release_after: string | Date | null }>(
      sql`SELECT contact_id, owner_name, owner_email, role, relationship, accepted_at, state, death_reports, confirmed_by_me, legacy_memorial_of_my_contact(contact_id) AS memorial_slug, legacy_release_after_for_my_contact(contact_id) AS release_after FROM legacy_people_naming_me()`,
    );
    const entries = await tx.execute<{ contact_id: string; at: string | Date; actor: string; action: string }>(
      sql`SELECT n.contact_id, h.at, h.actor, h.action FROM legacy_people_naming_me() n, LATERAL legacy_history_for_my_contact(n.contact_id) h ORDER BY h.at DESC`,
    );
    const documents = new Map<string, LegacyDocument[]>();
    for (const row of named.rows) documents.set(row.contact_id, await documentsForContact(tx, row.contact_id));
    const waiting = await tx.execute<{ contact_id: string; owner_first_name: string | null; role: LegacyRole; relationship: string; expires_at: string | Date }>(
      sql`SELECT contact_id, owner_first_name, role, relationship, expires_at FROM legacy_invitations_waiting_for_me()`,
    );
    return { rows: named, history: entries.rows, documents, waiting: waiting.rows };
  });
  return {
    waiting: waiting.map((w) => ({ contactId: w.contact_id, ownerName: w.owner_first_name, role: w.role, relationship: w.relationship, expiresAt: new Date(w.expires_at).toISOString() })),
    namedBy: rows.rows.map((r) => ({
      contactId: r.contact_id,
      ownerName: r.owner_name,
      ownerEmail: r.owner_email,
      role: r.role,
      relationship: r.relationship,
      acceptedAt: new Date(r.accepted_at).toISOString(),
      state: r.state,
      deathReports: r.death_reports,
      confirmedByMe: r.confirmed_by_me,
      releaseAfter: r.release_after ? new Date(r.release_after).toISOString() : null,
      history: history.filter((h) => h.contact_id === r.contact_id).map((h) => ({ at: new Date(h.at).toISOString(), actor: h.actor, action: h.action })),
      documents: documents.get(r.contact_id) ?? [],
      memorialPath: r.memorial_slug ? `/memorial/${r.memorial_slug}` : null,
    })),
  };
}
