import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResponseOf } from "../../../contract/routes";
import { callApi, messageOf } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { RoleExplainer } from "./role-explainer";

type Waiting = ResponseOf<"listNamedBy">["waiting"][number];

/** Accepts an invitation to the signed-in address without its mailed link, then shows who named the person. */
function useAcceptWaiting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) => callApi("acceptWaitingInvitation", undefined, { params: { id: contactId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["legacy"] }),
  });
}

/**
 * Invitations waiting for the signed-in address: a contact who signed in before opening the mail sees them here and
 * accepts with one press (their sign-in proved the address), instead of being told nobody named them.
 */
export function WaitingInvitations({ waiting }: { waiting: Waiting[] }) {
  const accept = useAcceptWaiting();
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="waiting-invitations-heading" className="grid gap-3">
      <h2 id="waiting-invitations-heading" className="text-xl font-semibold">
        Invitations for you
      </h2>
      <ul className="grid gap-3">
        {waiting.map((w) => {
          const roleWord = w.role === "executor" ? "executor" : "contact";
          const failed = accept.isError && accept.variables === w.contactId;
          return (
            <li key={w.contactId} data-testid="waiting-invitation" className="grid gap-2 rounded-2xl border border-brand/40 bg-violet-50/50 p-4">
              <p className="text-lg font-semibold">{w.ownerName ?? "Someone"} invited you: accept</p>
              <p className="text-sm">
                {w.ownerName ?? "Someone"} has named you as their legacy {roleWord} ({w.relationship}) on Mindprint. The invitation is open until {formatDateTime(w.expiresAt)}.
              </p>
              <RoleExplainer role={w.role} name={w.ownerName} />
              {failed && (
                <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
                  {messageOf(accept.error)}
                </p>
              )}
              <div>
                <Button
                  disabled={accept.isPending}
                  onClick={() => accept.mutate(w.contactId, { onSuccess: (done) => notifySuccess("Invitation accepted", `You are now ${done.ownerName ? `${done.ownerName}'s` : "their"} legacy ${roleWord}.`) })}
                >
                  {accept.isPending && accept.variables === w.contactId ? "Accepting…" : "Accept invitation"}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
