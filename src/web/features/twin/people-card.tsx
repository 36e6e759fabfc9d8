import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useState, type FormEvent } from "react";
import { peopleMessages, type Person, type PersonRequest } from "../../../contract/people";
import { messageOf } from "../../lib/api-client";
import { notifyError } from "../../lib/notify";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { ConfirmDelete } from "../../ui/confirm-delete";
import { TextField } from "../../ui/field";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { peopleQuery, useAddPerson, useRemovePerson, useUpdatePerson } from "./people-queries";

/** Checks a person before it is sent, with the server's own messages. */
function problemWith(person: PersonRequest): string | null {
  if (!person.name.trim()) return peopleMessages.nameRequired;
  if (!person.relationship.trim()) return peopleMessages.relationshipRequired;
  return null;
}

/** Name and relationship, for adding a person or correcting one. */
function PersonForm({ idPrefix, initial, submitLabel, pending, onSubmit, onCancel }: { idPrefix: string; initial: PersonRequest; submitLabel: string; pending: boolean; onSubmit: (person: PersonRequest, done: () => void, failed: (message: string) => void) => void; onCancel?: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemWith(draft);
    if (problem) return setError(problem);
    setError(null);
    onSubmit(
      draft,
      () => setDraft(initial),
      (message) => setError(message),
    );
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${idPrefix}-name`} label="Name" autoComplete="off" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        <TextField id={`${idPrefix}-relationship`} label="Who they are to you" placeholder="husband, sister, best friend" value={draft.relationship} onChange={(e) => setDraft({ ...draft, relationship: e.target.value })} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function PersonRow({ person }: { person: Person }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdatePerson();
  const remove = useRemovePerson();
  if (editing) {
    return (
      <li className="rounded-xl bg-stone-50 p-3">
        <PersonForm
          idPrefix={`person-${person.id}`}
          initial={{ name: person.name, relationship: person.relationship }}
          submitLabel="Save"
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(draft, _done, failed) => update.mutate({ id: person.id, ...draft }, { onSuccess: () => setEditing(false), onError: (e) => failed(messageOf(e)) })}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-stone-50 px-3 py-2">
      <span>
        <span className="font-medium">{person.name}</span> <span className="text-muted">· {person.relationship}</span>
      </span>
      <span className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${person.name}`}>
          Edit
        </Button>
        <ConfirmDelete
          question={`Take ${person.name} off your list?`}
          actionLabel="Remove"
          triggerLabel={`Remove ${person.name}`}
          pending={remove.isPending}
          onConfirm={(cancel) => remove.mutate(person.id, { onError: (e) => (cancel(), notifyError("Could not remove", messageOf(e))) })}
        />
      </span>
    </li>
  );
}

/**
 * People in your life (issue 58): who is who, as the owner confirms it. The twin reads it to know whom a family member
 * means ("Dad" from a daughter is the husband named here) and to answer them about "your dad".
 */
export function PeopleCard() {
  const people = useQuery(peopleQuery);
  const add = useAddPerson();
  const confirm = (person: PersonRequest, done: () => void = () => {}, failed: (message: string) => void = (m) => notifyError("Could not add", m)) =>
    add.mutate(person, { onSuccess: done, onError: (e) => failed(messageOf(e)) });
  return (
    <Card id="twin-people" title="People in your life" icon={<Users aria-hidden="true" className="h-5 w-5 text-brand" />}>
      <p className="text-sm text-muted">
        Your twin uses this list to know whom your family means. When your daughter asks about &ldquo;Dad&rdquo;, it knows that is your husband, finds what you wrote about him by
        name, and answers her about &ldquo;your dad&rdquo;.
      </p>
      {people.isError ? (
        <LoadFailed message={peopleMessages.loadFailed} onRetry={() => void people.refetch()} />
      ) : !people.data ? (
        <Spinner label="Loading the people in your life…" />
      ) : (
        <div className="mt-3 grid gap-4">
          {people.data.people.length === 0 ? (
            <p>No one yet. Confirm the people found in your memories below, or add the ones you talk about most.</p>
          ) : (
            <ul aria-label="People in your life" className="grid gap-2">
              {people.data.people.map((person) => (
                <PersonRow key={person.id} person={person} />
              ))}
            </ul>
          )}
          {people.data.suggestions.length > 0 && (
            <div>
              <h3 className="font-medium">Found in your memories and contacts</h3>
              <ul aria-label="Suggested people" className="mt-2 grid gap-2">
                {people.data.suggestions.map((s) => (
                  <li key={`${s.name}-${s.relationship}`} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-stone-200 px-3 py-2">
                    <span>
                      <span className="font-medium">{s.name}</span> <span className="text-muted">· your {s.relationship}</span>{" "}
                      <span className="text-sm text-muted">({s.from === "contacts" ? "a legacy contact" : s.count === 1 ? "in 1 memory" : `in ${s.count} memories`})</span>
                    </span>
                    <Button variant="secondary" disabled={add.isPending} onClick={() => confirm({ name: s.name, relationship: s.relationship })} aria-label={`Add ${s.name}, your ${s.relationship}`}>
                      Add
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <h3 className="font-medium">Add someone</h3>
            <div className="mt-2">
              <PersonForm idPrefix="new-person" initial={{ name: "", relationship: "" }} submitLabel="Add person" pending={add.isPending} onSubmit={(person, done, failed) => confirm(person, done, failed)} />
            </div>
          </div>
        </div>
      )}
    </Card>
  );
}
