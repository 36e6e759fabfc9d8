import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useProfile, useSession } from "../../lib/session";

export const PROFILE_WAIT_MS = 3000;

/**
 * A signed-in, admitted visitor does not stay on the landing page: once the profile is read they go to
 * /dashboard (onboarding done), /legacy (only someone's legacy contact, no twin begun) or /onboarding; if the profile
 * takes longer than 3 s, to /onboarding. Someone let in only as a legacy contact (allow-list) has no profile to read:
 * straight to /legacy. Every redirect replaces the history entry.
 */
export function useLandingRedirect(): void {
  const navigate = useNavigate();
  const session = useSession();
  const admitted = Boolean(session.data?.user && session.data.access?.allowed);
  const legacyOnly = admitted && session.data?.access?.scope === "legacy";
  const profile = useProfile(admitted && !legacyOnly);

  useEffect(() => {
    if (!admitted) return;
    if (legacyOnly) {
      navigate("/legacy", { replace: true });
      return;
    }
    if (profile.data) {
      navigate(`/${profile.data.landing}`, { replace: true });
      return;
    }
    const timer = setTimeout(() => navigate("/onboarding", { replace: true }), PROFILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [admitted, legacyOnly, profile.data, navigate]);
}
