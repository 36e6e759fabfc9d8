import { useQuery } from "@tanstack/react-query";
import { Link, type MetaFunction } from "react-router";
import { legacyRoleLabels, legacyStateLabels } from "../../../contract/legacy-options";
import { ContactActions } from "../../features/legacy/contact-actions";
import { DocumentsPanel } from "../../features/legacy/documents-panel";
import { HeirControls } from "../../features/legacy/heir-controls";
import { namedByQuery } from "../../features/legacy/legacy-queries";
import { ContactFrame } from "../../features/legacy/contact-frame";
import { WaitingInvitations } from "../../features/legacy/waiting-invitations";
import { formatDateTime } from "../../lib/format";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Your legacy invitations · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** A legacy contact's home: who named them, and in what role. Nothing of anyone's content before release. */
export default function LegacyHome() {
  const named = useQuery(namedByQuery);
  return (
    <ContactFrame>
      <h1 className="text-3xl font-semibold">People who named you</h1>
      <p className="text-muted">
        These people chose you to receive their legacy on Mindprint. Until it is released you see only that they named you, and your role; nothing of what they recorded. Once it is released, you can read what they left you.
      </p>
      {/* Open invitations to this address come first: someone who signed in before opening the mail accepts here. */}
      {named.data && <WaitingInvitations waiting={named.data.waiting} />}
      {named.isPending ? (
        <Spinner label="Loading…" />
      ) : named.isError ? (
        <LoadFailed message="Could not load who named you." onRetry={() => void named.refetch()} />
      ) : named.data.namedBy.length === 0 ? (
        named.data.waiting.length > 0 ? null : (
          <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-muted">
            Nobody has named you as a legacy contact yet. When someone does, their invitation arrives by e-mail; open its link to accept.
          </p>
        )
      ) : (
        <ul className="grid gap-3">
          {named.data.namedBy.map((n) => (
            <li key={`${n.ownerEmail}-${n.acceptedAt}`} className="grid gap-1 rounded-2xl border border-stone-200 bg-white p-4" data-testid="named-by">
              <h2 className="text-lg font-semibold">{n.ownerName}</h2>
              <p className="text-sm">
                You are their <strong>{legacyRoleLabels[n.role].toLowerCase()}</strong> ({n.relationship}) since {formatDateTime(n.acceptedAt)}.
              </p>
              <p className="text-sm" data-testid="named-by-state">
                Their legacy: <strong>{legacyStateLabels[n.state]}</strong>
              </p>
              {(n.state === "released" || n.state === "paused" || n.state === "retired") && (
                <p className="flex flex-wrap gap-x-6">
                  <Link to={`/legacy/${n.contactId}/twin`} className="inline-flex min-h-11 items-center font-medium text-brand-strong underline">
                    Talk with {n.ownerName}'s twin
                  </Link>
                  <Link to={`/legacy/${n.contactId}/memories`} className="inline-flex min-h-11 items-center font-medium text-brand-strong underline">
                    Read what {n.ownerName} left you
                  </Link>
                </p>
              )}
              {n.memorialPath && (
                <p className="text-sm" data-testid="named-by-memorial">
                  {n.ownerName} also opened a public memorial, for anyone you share it with:{" "}
                  <Link to={n.memorialPath} className="font-medium break-all text-brand-strong underline">
                    {window.location.origin}
                    {n.memorialPath}
                  </Link>
                </p>
              )}
              <ContactActions entry={n} />
              <DocumentsPanel entry={n} />
              <HeirControls entry={n} />
              {n.history.length > 0 && (
                <details className="text-sm">
                  <summary className="min-h-11 cursor-pointer py-2 font-medium">Release history ({n.history.length})</summary>
                  <ol className="grid gap-1" aria-label={`Release history of ${n.ownerName}, newest first`}>
                    {n.history.map((h) => (
                      <li key={`${h.at}-${h.action}`}>
                        {formatDateTime(h.at)}: {h.action} ({h.actor})
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Offered, never forced: /onboarding starts it, or goes on to the dashboard for someone who already has one. */}
      <p className="text-sm text-muted">
        You do not need a twin of your own to be someone's contact. Want to preserve your own story too?{" "}
        <Link to="/onboarding" className="font-medium text-brand-strong underline">Start your own twin</Link>.
      </p>
    </ContactFrame>
  );
}
