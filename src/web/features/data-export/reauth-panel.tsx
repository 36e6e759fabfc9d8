import { useMutation } from "@tanstack/react-query";
import { callApi, messageOf } from "../../lib/api-client";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";

/** Where the e-mailed link brings the person back to. */
const RETURN_PATH = "/dashboard/export";

/** Shown when an action needs a sign-in within the last 10 minutes: e-mails a fresh sign-in link that returns here. */
export function ReauthPanel({ message }: { message: string }) {
  const email = useSession().data?.user?.email ?? "";
  const send = useMutation({ mutationFn: () => callApi("requestMagicLink", { email, next: RETURN_PATH }) });
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="text-amber-900">{message}</p>
      {send.isSuccess ? (
        <p className="font-medium text-amber-900">
          We sent a sign-in link to {email}. Open it, then repeat this step within 10 minutes.
        </p>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => send.mutate()} disabled={send.isPending || !email}>
            {send.isPending ? "Sending…" : "E-mail me a sign-in link"}
          </Button>
        </div>
      )}
      {send.isError && (
        <p className="text-sm text-red-800">{messageOf(send.error, "We could not send the link. Please try again.")}</p>
      )}
    </div>
  );
}
