import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { notifyError } from "../../lib/notify";
import { messageOf } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { ConfirmDelete } from "../../ui/confirm-delete";
import { releaseQuery, useCancelRelease } from "./legacy-queries";

const plainDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long", year: "numeric" });

/**
 * On every dashboard page while a release is pending or has happened (decision 0033): the owner must see it at once.
 * Pending: reach Cancel in one step. Released or paused: undo it here, after a question that says what it does.
 */
export function PendingReleaseBanner() {
  const release = useQuery(releaseQuery);
  const cancel = useCancelRelease();
  const data = release.data;
  if (!data) return null;
  if (data.pending) {
    const pending = data.pending;
    return (
      <div role="alert" className="mb-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">Your legacy release is pending.</p>
        <p>
          {pending.reason === "death_report" ? "A legacy contact reported your death." : "You had not signed in for the time you chose."} It can happen after{" "}
          {formatDateTime(pending.vetoUntil)}.{" "}
          <Link to="/dashboard/legacy" className="font-medium underline">
            Review or cancel it
          </Link>
        </p>
      </div>
    );
  }
  if ((data.state !== "released" && data.state !== "paused") || !data.releasedAt) return null;
  return (
    <section aria-label="Your legacy was released" data-testid="released-banner" className="mb-6 grid gap-2 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">Your legacy was released on {plainDate(data.releasedAt)}.</p>
      <p>
        Your legacy contacts can read what you left them and talk with your twin. If this is a mistake, you can undo it now: your memories close to them again
        at once, and they are told. What they have already read cannot be taken back.
      </p>
      <ConfirmDelete
        question="Undo the release? Your contacts lose access to your memories and twin until a new release."
        actionLabel="Undo the release"
        pending={cancel.isPending}
        onConfirm={(back) => cancel.mutate(undefined, { onError: (error) => (notifyError("Could not undo the release", messageOf(error)), back()) })}
      />
    </section>
  );
}
