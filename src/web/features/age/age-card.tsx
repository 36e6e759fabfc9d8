import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ageMessages } from "../../../contract/age-options";
import { callApi, messageOf } from "../../lib/api-client";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";

const ageQuery = queryOptions({ queryKey: ["age"], queryFn: () => callApi("getMyAge") });

/**
 * Asks a person whose age is not on record (an account older than the check) once, on the /age page every other page
 * sends them to; and says where things stand while a guardian has not agreed yet, or when the account cannot be used.
 * Once stated, only support can change it.
 */
export function AgeCard({ title, onStated }: { title: string; onStated?: () => void }) {
  const age = useQuery(ageQuery);
  const queryClient = useQueryClient();
  const [birthDate, setBirthDate] = useState("");
  const [guardianEmail, setGuardianEmail] = useState("");
  const state = useMutation({
    mutationFn: () => callApi("stateMyAge", { birthDate, ...(guardianEmail.trim() ? { guardianEmail: guardianEmail.trim() } : {}) }),
    onSuccess: (answer) => {
      queryClient.setQueryData(ageQuery.queryKey, answer);
      // The session carries the age the guards read.
      void queryClient.invalidateQueries({ queryKey: ["session"] });
      onStated?.();
    },
  });
  if (!age.data) return null;
  if (age.data.status === "minor-awaiting-guardian") {
    return (
      <section className="rounded-2xl border border-amber-300 bg-amber-50 p-4" aria-labelledby="age-heading">
        <h2 id="age-heading" className="text-lg font-semibold">
          Waiting for your parent or guardian
        </h2>
        <p className="mt-1">{ageMessages.awaitingGuardianForService}</p>
      </section>
    );
  }
  if (age.data.status === "under-minimum") {
    return (
      <section className="rounded-2xl border border-amber-300 bg-amber-50 p-4" aria-labelledby="age-heading">
        <h2 id="age-heading" className="text-lg font-semibold">
          This account cannot be used
        </h2>
        <p className="mt-1">{ageMessages.underMinimumAccount}</p>
      </section>
    );
  }
  if (age.data.status !== "unknown") return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    state.mutate();
  }
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4" aria-labelledby="age-heading">
      <h2 id="age-heading" className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-muted">{ageMessages.birthDateHint}</p>
      <form className="mt-3 grid gap-3" onSubmit={submit}>
        <TextField id="age-birth-date" label={ageMessages.birthDateLabel} type="date" required value={birthDate} onChange={(e) => setBirthDate(e.target.value)} />
        <TextField id="age-guardian-email" label={ageMessages.guardianEmailLabel} hint={ageMessages.guardianEmailHint} type="email" value={guardianEmail} onChange={(e) => setGuardianEmail(e.target.value)} />
        <Button type="submit" disabled={state.isPending || !birthDate}>
          {state.isPending ? "Saving…" : "Save my date of birth"}
        </Button>
        {state.isError && (
          <p role="alert" className="text-red-700">
            {messageOf(state.error)}
          </p>
        )}
      </form>
    </section>
  );
}
