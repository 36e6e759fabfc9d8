import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, type MetaFunction } from "react-router";
import { legacyRoleLabels } from "../../../contract/legacy-options";
import { ContactFrame } from "../../features/legacy/contact-frame";
import { invitationPreviewQuery, useAcceptInvitation } from "../../features/legacy/legacy-queries";
import { RoleExplainer } from "../../features/legacy/role-explainer";
import { messageOf } from "../../lib/api-client";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";

export const meta: MetaFunction = () => [{ title: "Accept a legacy invitation · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

// The token travels in the link's fragment (never sent to a server by a mail scanner) and is kept in this browser
// while the person signs in: the sign-in round trip carries no fragment, and its e-mailed link may open another tab.
// It is kept for a day at most, and forgotten once accepted.
const STORAGE_KEY = "mindprint.legacy-invitation";
const KEEP_MS = 86_400_000;

function readToken(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get("token");
  if (fromHash) {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: fromHash, until: Date.now() + KEEP_MS }));
    history.replaceState(null, "", window.location.pathname);
    return fromHash;
  }
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as { token: string; until: number } | null;
    if (kept && kept.until > Date.now()) return kept.token;
  } catch {
    // Not ours, or damaged: as if nothing was kept.
  }
  localStorage.removeItem(STORAGE_KEY);
  return null;
}

/**
 * Accepting an invitation: who sent it (the first name they gave, never their address) and what the role means before
 * and after a release; then one button, as the signed-in address; then where to go.
 */
export default function AcceptInvitation() {
  const session = useSession();
  const email = session.data?.user?.email ?? "";
  const [token, setToken] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    setToken(readToken());
    setChecked(true);
  }, []);
  const accept = useAcceptInvitation();
  const preview = useQuery({ ...invitationPreviewQuery(token ?? ""), enabled: Boolean(token) && !accept.isSuccess });
  const ownerName = accept.data?.ownerName ?? preview.data?.ownerName ?? null;
  const role = accept.data?.role ?? preview.data?.role;
  const roleWord = role ? legacyRoleLabels[role].toLowerCase() : "contact";
  return (
    <ContactFrame>
      <h1 className="text-3xl font-semibold">Legacy invitation</h1>
      {accept.isSuccess ? (
        <div role="status" className="grid gap-3">
          <p>
            You are now {ownerName ? `${ownerName}'s` : "their"} legacy {roleWord}. Until their legacy is released you will see only that they named you.
          </p>
          <p>
            <Link to="/legacy" className="font-medium text-brand-strong underline">
              See who named you
            </Link>
          </p>
        </div>
      ) : !checked || session.isPending || (token && preview.isPending) ? null : !token ? (
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          This page needs the link from your invitation e-mail. Open the link in the e-mail again.
        </p>
      ) : preview.isError ? (
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          {messageOf(preview.error)}
        </p>
      ) : !session.data?.user ? (
        <div className="grid gap-3">
          <p data-testid="invitation-from">
            {ownerName ?? "Someone"} has named you as their legacy {roleWord} on Mindprint.
          </p>
          {role && <RoleExplainer role={role} name={ownerName} />}
          <p>To accept, sign in with the e-mail address the invitation was sent to.</p>
          <p>
            <Link to="/login?next=/legacy/accept" className="inline-flex min-h-11 items-center rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-strong">
              Sign in to accept
            </Link>
          </p>
        </div>
      ) : (
        <div className="grid gap-3">
          <p data-testid="invitation-from">
            {ownerName ?? "Someone"} has named you as their legacy {roleWord} on Mindprint.
          </p>
          {role && <RoleExplainer role={role} name={ownerName} />}
          <p>
            You are signed in as <strong>{email}</strong>. Accept with this address if the invitation was sent to it.
          </p>
          {accept.isError && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
              {messageOf(accept.error)}
            </p>
          )}
          <div>
            <Button
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(token, {
                  onSuccess: () => localStorage.removeItem(STORAGE_KEY),
                })
              }
            >
              {accept.isPending ? "Accepting…" : "Accept invitation"}
            </Button>
          </div>
        </div>
      )}
    </ContactFrame>
  );
}
