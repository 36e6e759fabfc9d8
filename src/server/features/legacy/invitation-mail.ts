import { legacyRoleLabels, LEGACY_INVITE_DAYS, type LegacyRole } from "../../../contract";
import type { OutgoingMail } from "../../platform/mail/mailer";

interface Invitation {
  to: string;
  contactName: string;
  ownerName: string;
  role: LegacyRole;
  token: string;
  expiresAt: Date;
}

const roleMeaning: Record<LegacyRole, string> = {
  contact: "As a contact, you are one of the people who may reach what they chose to leave you, after their legacy is released.",
  executor:
    "As an executor, you are also trusted to confirm that their legacy should be released (after a death report, or after a long silence) once the waiting period they chose has passed.",
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The invitation a legacy contact receives. It says who named them and what that means, and nothing of the owner's
 * memories. The token is in the URL fragment and only the page's button spends it, so a mail scanner opening the
 * link changes nothing.
 */
export function composeLegacyInvitationMail(publicUrl: string, invitation: Invitation): OutgoingMail {
  const link = `${publicUrl}/legacy/accept#token=${invitation.token}`;
  const until = invitation.expiresAt.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
  const opening = `${invitation.ownerName} has named you as a legacy ${legacyRoleLabels[invitation.role].toLowerCase()} on Mindprint, where they are preserving their memories, voice and personality for the people they love.`;
  const text = [
    `Hello ${invitation.contactName},`,
    "",
    opening,
    roleMeaning[invitation.role],
    "Until then you will see only that they named you, and your role.",
    "",
    `To accept, open this link and sign in with this e-mail address (${invitation.to}); you do not need a twin of your own:`,
    link,
    "",
    `The invitation is valid for ${LEGACY_INVITE_DAYS} days, until ${until}. If you did not expect it, you can ignore this e-mail.`,
    "",
    "— Mindprint",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(invitation.contactName)},</p>
<p>${escapeHtml(opening)} ${escapeHtml(roleMeaning[invitation.role])} Until then you will see only that they named you, and your role.</p>
<p>To accept, open this link and sign in with this e-mail address (${escapeHtml(invitation.to)}); you do not need a twin of your own:<br><a href="${link}">${link}</a></p>
<p>The invitation is valid for ${LEGACY_INVITE_DAYS} days, until ${until}. If you did not expect it, you can ignore this e-mail.</p>
<p>— Mindprint</p>`;
  return { to: invitation.to, subject: `${invitation.ownerName} named you as a legacy ${legacyRoleLabels[invitation.role].toLowerCase()}`, text, html };
}
