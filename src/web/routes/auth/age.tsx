import { useEffect } from "react";
import { useNavigate, useSearchParams, type MetaFunction } from "react-router";
import { isAgeSettled } from "../../../contract/age-options";
import { AgeCard } from "../../features/age";
import { safeNextPath, useSession, useSignOut } from "../../lib/session";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { AuthCard } from "./auth-card";

export const meta: MetaFunction = () => [{ title: "Your date of birth · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * The one page an account whose age is not settled may use (SECURITY.md 46): state a date of birth once, or see that a
 * guardian has not agreed yet, or that the account cannot be used. Once settled, the person goes on where they were.
 */
export default function AgePage() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  const navigate = useNavigate();
  const session = useSession();
  const signOut = useSignOut();
  const user = session.data?.user;
  const settled = session.data?.access ? isAgeSettled(session.data.access.age) : false;

  useEffect(() => {
    if (session.isPending || !session.data) return;
    if (!user) navigate(`/login?next=${encodeURIComponent(`/age?next=${next}`)}`, { replace: true });
    else if (settled) navigate(next, { replace: true });
  }, [session.isPending, session.data, user, settled, next, navigate]);

  if (!user || settled) {
    return (
      <main className="grid min-h-screen place-items-center">
        <Spinner label="Loading..." />
      </main>
    );
  }
  return (
    <AuthCard title="Your date of birth">
      <p className="mt-2 text-muted">Mindprint asks everyone once, as its Terms require, before anything else.</p>
      <div className="mt-4">
        <AgeCard title="Tell us once" />
      </div>
      <Button variant="secondary" className="mt-4" onClick={() => void signOut()}>
        Sign out
      </Button>
    </AuthCard>
  );
}
