import type { Landing, Profile, SessionResponse } from "../../../contract";
import { isAgeSettled } from "../../../contract/age-options";

export type GuardDecision =
  | { kind: "loading" }
  | { kind: "redirect"; to: string; state?: { notice: string } }
  | { kind: "show" };

interface GuardInput {
  path: string;
  session: { isPending: boolean; data?: SessionResponse };
  profile: { isPending: boolean; isError: boolean; data?: Profile; landing?: Landing };
}

/**
 * The access guard of the spec (section 4), state by state: loading; no user → /login keeping the place
 * asked for; not admitted by the access policy → / with the reason; an age not settled → /age; a profile read error outside onboarding
 * → /onboarding; admitted only as a legacy contact → /legacy; onboarding incomplete → /onboarding, or /legacy for
 * someone who is only another person's contact and has not begun a twin (onboarding stays open to them, never forced);
 * complete while on an onboarding path (but the completion screen) → /dashboard.
 */
export function decideGuard({ path, session, profile }: GuardInput): GuardDecision {
  if (session.isPending || !session.data) return { kind: "loading" };
  const { user, access } = session.data;
  if (!user) return { kind: "redirect", to: `/login?next=${encodeURIComponent(path)}` };
  if (access && !access.allowed) return { kind: "redirect", to: "/", state: { notice: access.reason ?? "" } };
  // An age not settled (unknown, under 13, or waiting for a guardian) may only be stated: nothing else is open.
  if (access && !isAgeSettled(access.age)) return { kind: "redirect", to: `/age?next=${encodeURIComponent(path)}` };
  // Let in only as someone's legacy contact: their home is /legacy, they have no twin or onboarding here.
  if (access?.scope === "legacy") return { kind: "redirect", to: "/legacy" };
  const onOnboarding = path === "/onboarding" || path.startsWith("/onboarding/");
  if (profile.isError) return onOnboarding ? { kind: "show" } : { kind: "redirect", to: "/onboarding" };
  if (profile.isPending || !profile.data) return { kind: "loading" };
  if (!profile.data.onboardingComplete && !onOnboarding) return { kind: "redirect", to: profile.landing === "legacy" ? "/legacy" : "/onboarding" };
  // The completion screen stays reachable (it shows "You're all set!" for a finished onboarding), and so does step 5,
  // whose cards finish onboarding and then open their section: sent to /dashboard the moment the profile said
  // "complete", "Share a memory" never reached the memory form.
  const staysOpen = path === "/onboarding/complete" || path === "/onboarding/contribute";
  if (profile.data.onboardingComplete && onOnboarding && !staysOpen) return { kind: "redirect", to: "/dashboard" };
  return { kind: "show" };
}
