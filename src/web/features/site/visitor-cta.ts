import { useSession } from "../../lib/session";

/**
 * What a visitor who is not signed in is asked to do: "Get started" (sign up) where anyone may create an account
 * (ACCESS_MODE=open), "Join Waitlist" where accounts are by invitation. Until the session is known, the waitlist.
 */
export function useVisitorCta(): { to: string; label: string } {
  const signUp = useSession().data?.signUp;
  return signUp === "open" ? { to: "/login", label: "Get started" } : { to: "/waitlist", label: "Join Waitlist" };
}
