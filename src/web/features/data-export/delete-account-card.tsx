import { useMutation } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { callApi } from "../../lib/api-client";
import { useLeaveSignedOut } from "../../lib/session";
import { TextField } from "../../ui/field";
import { ActionError } from "./action-error";

const CONFIRMATION = "DELETE";

/** The danger zone: deletes the account and everything in it once the person types DELETE. */
export function DeleteAccountCard() {
  const [typed, setTyped] = useState("");
  const leave = useLeaveSignedOut();
  const remove = useMutation({
    mutationFn: () => callApi("deleteAccount", { confirmation: CONFIRMATION }),
    onSuccess: () => leave(),
  });
  const confirmed = typed === CONFIRMATION;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !remove.isPending) remove.mutate();
  };

  return (
    <section aria-labelledby="delete-account-heading" className="grid gap-4 rounded-2xl border-2 border-red-300 bg-white p-4 sm:p-6">
      <div>
        <h2 id="delete-account-heading" className="flex items-center gap-2 text-xl font-semibold text-red-800">
          <TriangleAlert aria-hidden="true" className="h-6 w-6" />
          Delete account
        </h2>
        <p className="mt-1">
          This deletes your account for good: your profile, memories and their history, calibration answers, personality summary, twin conversations, voice sessions
          and voice clones. It cannot be undone. <strong>Download an export first</strong> if you may want any of it later.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-3">
        <TextField id="delete-confirmation" label="Type DELETE to confirm" autoComplete="off" spellCheck={false} value={typed} onChange={(event) => setTyped(event.target.value)} />
        <div>
          <button
            type="submit"
            disabled={!confirmed || remove.isPending}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-2.5 font-medium text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-stone-400"
          >
            {remove.isPending ? "Deleting…" : "Delete my account"}
          </button>
        </div>
      </form>
      <ActionError error={remove.error} fallback="Your account could not be deleted. Please try again." />
    </section>
  );
}
