import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/format";
import { releaseQuery } from "./legacy-queries";

/** On every dashboard page while a release is pending: the owner must see it at once, and reach Cancel in one step. */
export function PendingReleaseBanner() {
  const release = useQuery(releaseQuery);
  const pending = release.data?.pending;
  if (!pending) return null;
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
