import { useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { isLeavingSignedOut, useProfile, useSession } from "../../lib/session";
import { Spinner } from "../../ui/spinner";
import { decideGuard } from "./guard-decision";

/** Wraps onboarding, dashboard and dev-test: shows them only to a signed-in, admitted user in the right stage. */
export default function Guard() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const signedInAndAllowed = Boolean(session.data?.user && session.data.access?.allowed);
  const profile = useProfile(signedInAndAllowed);
  const decision = decideGuard({
    path: location.pathname + location.search,
    session,
    profile: { isPending: profile.isPending, isError: profile.isError, data: profile.data?.profile, landing: profile.data?.landing },
  });

  useEffect(() => {
    if (decision.kind === "redirect" && !isLeavingSignedOut(location.pathname)) navigate(decision.to, { replace: true, state: decision.state });
  }, [decision.kind, decision.kind === "redirect" ? decision.to : null]); // eslint-disable-line react-hooks/exhaustive-deps

  if (decision.kind !== "show") {
    return (
      <main className="grid min-h-screen place-items-center">
        <Spinner label="Loading..." />
      </main>
    );
  }
  return <Outlet />;
}
