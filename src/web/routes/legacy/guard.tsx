import { useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { isAgeSettled } from "../../../contract/age-options";
import { isLeavingSignedOut, useSession } from "../../lib/session";
import { Spinner } from "../../ui/spinner";

/**
 * The pages of a legacy contact (/legacy, /legacy/accept): a signed-in, admitted person, with no twin and no
 * onboarding of their own needed. Signed out → /login, coming back here afterwards.
 */
export default function ContactGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const user = session.data?.user;
  const refused = session.data?.access && !session.data.access.allowed;
  const ageUnsettled = Boolean(session.data?.access && !isAgeSettled(session.data.access.age));
  const target =
    session.isPending || !session.data ? null : !user ? `/login?next=${encodeURIComponent(location.pathname)}` : refused ? "/" : ageUnsettled ? `/age?next=${encodeURIComponent(location.pathname + location.search)}` : null;
  useEffect(() => {
    if (target && !isLeavingSignedOut(location.pathname)) navigate(target, { replace: true, state: refused ? { notice: session.data?.access?.reason ?? "" } : undefined });
  }, [target]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!user || refused || ageUnsettled) {
    return (
      <main className="grid min-h-screen place-items-center">
        <Spinner label="Loading..." />
      </main>
    );
  }
  return <Outlet />;
}
