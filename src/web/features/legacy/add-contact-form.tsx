import { useState, type FormEvent } from "react";
import { LEGACY_CONTACTS_MAX, legacyMessages, legacyRoleLabels, legacyRoleValues, type LegacyRole } from "../../../contract/legacy-options";
import { messageOf } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { useAddContact } from "./legacy-queries";

const empty = { name: "", email: "", relationship: "", role: "contact" as LegacyRole };
const selectClass = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5";

/** "Name a contact": name, e-mail, relationship and role; the invitation goes out on saving. */
export function AddContactForm({ count }: { count: number }) {
  const [draft, setDraft] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const add = useAddContact();
  const full = count >= LEGACY_CONTACTS_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.name.trim()) return setError(legacyMessages.nameRequired);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) return setError(legacyMessages.emailInvalid);
    if (!draft.relationship.trim()) return setError(legacyMessages.relationshipRequired);
    setError(null);
    add.mutate(draft, {
      onSuccess: ({ contact }) => {
        notifySuccess("Invitation sent", `${contact.name} has 14 days to accept at ${contact.email}.`);
        setDraft(empty);
      },
      onError: (failure) => {
        setError(messageOf(failure));
        notifyError("Could not name this contact", messageOf(failure));
      },
    });
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby="add-contact-heading" className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="add-contact-heading" className="text-xl font-semibold">
        Name a legacy contact
      </h2>
      <p className="text-sm text-muted">
        {count} of {LEGACY_CONTACTS_MAX} named. They receive an e-mail invitation, valid for 14 days, and accept by signing in with that address. Until your legacy is released
        they see only that you named them, and their role.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="contact-name" label="Name" autoComplete="off" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        <TextField id="contact-email" label="E-mail" type="email" autoComplete="off" value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} />
        <TextField id="contact-relationship" label="Relationship" placeholder="daughter, friend, lawyer" value={draft.relationship} onChange={(e) => setDraft({ ...draft, relationship: e.target.value })} />
        <div>
          <label htmlFor="contact-role" className="block font-medium">
            Role
          </label>
          <select id="contact-role" className={selectClass} value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value as LegacyRole })}>
            {legacyRoleValues.map((role) => (
              <option key={role} value={role}>
                {legacyRoleLabels[role]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={full || add.isPending}>
          {add.isPending ? "Sending…" : full ? "10 of 10 named" : "Send invitation"}
        </Button>
      </div>
    </form>
  );
}
