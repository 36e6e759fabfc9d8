import type { LegacyContact } from "../../../contract/legacy";
import { legacyRoleLabels } from "../../../contract/legacy-options";
import { messageOf } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { ConfirmDelete } from "../../ui/confirm-delete";
import { useOrderContacts, useRemoveContact, useResendInvitation, useUpdateContact } from "./legacy-queries";

function statusText(contact: LegacyContact): string {
  if (contact.status === "accepted") return `Accepted ${formatDateTime(contact.acceptedAt!)}`;
  if (contact.status === "expired") return "Invitation expired: send a new one";
  return `Invited · expires ${formatDateTime(contact.inviteExpiresAt)}`;
}

const statusClass: Record<LegacyContact["status"], string> = {
  accepted: "bg-emerald-50 text-emerald-900",
  invited: "bg-sky-50 text-sky-900",
  expired: "bg-amber-100 text-amber-900",
};

function ContactRow({ contact, index, ids }: { contact: LegacyContact; index: number; ids: string[] }) {
  const update = useUpdateContact();
  const resend = useResendInvitation();
  const remove = useRemoveContact();
  const order = useOrderContacts();
  const move = (by: -1 | 1) => {
    const next = [...ids];
    next.splice(index, 1);
    next.splice(index + by, 0, contact.id);
    order.mutate(next, { onError: (error) => notifyError("Could not change the order", messageOf(error)) });
  };
  const otherRole = contact.role === "executor" ? "contact" : "executor";
  return (
    <li className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4" data-testid="legacy-contact">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">
          <span className="text-muted">{contact.position}.</span> {contact.name}
        </h3>
        <span className="rounded-full bg-violet-50 px-2.5 py-0.5 text-sm font-medium text-brand-strong">{legacyRoleLabels[contact.role]}</span>
      </div>
      <p className="text-sm">
        {contact.relationship} · {contact.email}
      </p>
      <p className={`w-fit rounded-full px-2.5 py-0.5 text-sm ${statusClass[contact.status]}`} data-testid="legacy-contact-status">
        {statusText(contact)}
      </p>
      <div className="flex flex-wrap gap-2">
        {/* aria-disabled, not disabled: a button that becomes disabled under the keyboard drops focus to the page. */}
        <Button
          variant="secondary"
          aria-disabled={index === 0 || order.isPending}
          className="aria-disabled:opacity-50"
          onClick={() => index > 0 && !order.isPending && move(-1)}
          aria-label={`Move ${contact.name} up`}
        >
          Move up
        </Button>
        <Button
          variant="secondary"
          aria-disabled={index === ids.length - 1 || order.isPending}
          className="aria-disabled:opacity-50"
          onClick={() => index < ids.length - 1 && !order.isPending && move(1)}
          aria-label={`Move ${contact.name} down`}
        >
          Move down
        </Button>
        <Button
          variant="secondary"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: contact.id, patch: { role: otherRole } },
              {
                onSuccess: () => notifySuccess("Role changed", `${contact.name} is now ${legacyRoleLabels[otherRole].toLowerCase() === "executor" ? "an executor" : "a contact"}.`),
                onError: (error) => notifyError("Could not change the role", messageOf(error)),
              },
            )
          }
        >
          {otherRole === "executor" ? "Make executor" : "Make contact only"}
        </Button>
        {contact.status !== "accepted" && (
          <Button
            variant="secondary"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(contact.id, {
                onSuccess: () => notifySuccess("Invitation sent again", `The earlier link no longer works; the new one is valid for 14 days.`),
                onError: (error) => notifyError("Could not send the invitation", messageOf(error)),
              })
            }
          >
            Resend invitation
          </Button>
        )}
        <ConfirmDelete
          question={`Remove ${contact.name}? Their invitation stops working.`}
          triggerLabel={`Remove ${contact.name}`}
          pending={remove.isPending}
          onConfirm={(cancel) =>
            remove.mutate(contact.id, {
              onSuccess: () => notifySuccess("Contact removed", `${contact.name} is no longer one of your legacy contacts.`),
              onError: (error) => {
                notifyError("Could not remove the contact", messageOf(error));
                cancel();
              },
            })
          }
        />
      </div>
    </li>
  );
}

/** The owner's contacts in order: role, status of the invitation, and what can be done with each. */
export function ContactList({ contacts }: { contacts: LegacyContact[] }) {
  if (contacts.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-muted">
        Nobody is named yet. Name the people you want to reach your legacy, and at least one executor you trust to confirm when it is time.
      </p>
    );
  }
  const ids = contacts.map((c) => c.id);
  return (
    <ol className="grid gap-3" aria-label="Your legacy contacts, in order">
      {contacts.map((contact, index) => (
        <ContactRow key={contact.id} contact={contact} index={index} ids={ids} />
      ))}
    </ol>
  );
}
