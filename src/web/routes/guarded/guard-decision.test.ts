import { describe, expect, it } from "vitest";
import type { Profile, SessionResponse } from "../../../contract";
import { decideGuard } from "./guard-decision";

const user = { id: "u1", email: "a@example.com", name: "" };
const signedIn = (allowed = true, scope: "full" | "legacy" = "full"): { isPending: boolean; data: SessionResponse } => ({
  isPending: false,
  data: { user, access: { allowed, reason: allowed ? null : "Not on the list", scope, age: "adult" }, providers: { google: false }, signUp: "open", devMode: false },
});
const profile = (onboardingComplete: boolean) => ({
  isPending: false,
  isError: false,
  data: { id: "u1", firstName: null, birthday: null, country: null, legacyPreference: null, userIntents: [], primaryIntent: null, onboardingComplete } satisfies Profile,
});
const pendingProfile = { isPending: true, isError: false };

describe("the access guard, state by state", () => {
  it("waits while the session loads", () => {
    expect(decideGuard({ path: "/dashboard", session: { isPending: true }, profile: pendingProfile })).toEqual({ kind: "loading" });
  });

  it("sends nobody-signed-in to /login and keeps the place asked for", () => {
    const session = { isPending: false, data: { user: null, access: null, providers: { google: false }, signUp: "open" as const, devMode: false } };
    expect(decideGuard({ path: "/dashboard/voice?x=1", session, profile: pendingProfile })).toEqual({
      kind: "redirect",
      to: "/login?next=%2Fdashboard%2Fvoice%3Fx%3D1",
    });
  });

  it("sends someone let in only as a legacy contact to their legacy home, not onboarding or the dashboard", () => {
    for (const path of ["/dashboard", "/onboarding"]) {
      expect(decideGuard({ path, session: signedIn(true, "legacy"), profile: pendingProfile })).toEqual({ kind: "redirect", to: "/legacy" });
    }
  });

  it("sends a person whose age is not settled to /age, keeping the place asked for (SECURITY.md 46)", () => {
    for (const age of ["unknown", "under-minimum", "minor-awaiting-guardian"] as const) {
      const session = signedIn();
      session.data.access = { ...session.data.access!, age };
      expect(decideGuard({ path: "/dashboard/memories", session, profile: profile(true) })).toEqual({ kind: "redirect", to: "/age?next=%2Fdashboard%2Fmemories" });
    }
    const consented = signedIn();
    consented.data.access = { ...consented.data.access!, age: "minor-consented" };
    expect(decideGuard({ path: "/dashboard", session: consented, profile: profile(true) })).toEqual({ kind: "show" });
  });

  it("sends a user the access policy refuses to / with the reason", () => {
    expect(decideGuard({ path: "/dashboard", session: signedIn(false), profile: pendingProfile })).toEqual({
      kind: "redirect",
      to: "/",
      state: { notice: "Not on the list" },
    });
  });

  it("sends a profile read error outside onboarding to /onboarding, and shows onboarding itself", () => {
    const failed = { isPending: false, isError: true };
    expect(decideGuard({ path: "/dashboard", session: signedIn(), profile: failed })).toEqual({ kind: "redirect", to: "/onboarding" });
    expect(decideGuard({ path: "/onboarding/identity", session: signedIn(), profile: failed })).toEqual({ kind: "show" });
  });

  it("sends someone who is only another person's contact to /legacy, and still lets them open onboarding", () => {
    const contactOnly = { ...profile(false), landing: "legacy" as const };
    expect(decideGuard({ path: "/dashboard", session: signedIn(), profile: contactOnly })).toEqual({ kind: "redirect", to: "/legacy" });
    expect(decideGuard({ path: "/onboarding", session: signedIn(), profile: contactOnly })).toEqual({ kind: "show" });
  });

  it("waits for the profile", () => {
    expect(decideGuard({ path: "/dashboard", session: signedIn(), profile: pendingProfile })).toEqual({ kind: "loading" });
  });

  it("sends incomplete onboarding to /onboarding from the dashboard and dev page", () => {
    for (const path of ["/dashboard", "/dev-test"]) {
      expect(decideGuard({ path, session: signedIn(), profile: profile(false) })).toEqual({ kind: "redirect", to: "/onboarding" });
    }
    expect(decideGuard({ path: "/onboarding/summary", session: signedIn(), profile: profile(false) })).toEqual({ kind: "show" });
  });

  it("sends completed onboarding from any onboarding path to /dashboard, and shows the rest", () => {
    expect(decideGuard({ path: "/onboarding", session: signedIn(), profile: profile(true) })).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(decideGuard({ path: "/dashboard/memories", session: signedIn(), profile: profile(true) })).toEqual({ kind: "show" });
    // The completion screen shows "You're all set!" for a finished onboarding instead of bouncing away.
    expect(decideGuard({ path: "/onboarding/complete", session: signedIn(), profile: profile(true) })).toEqual({ kind: "show" });
    expect(decideGuard({ path: "/onboarding/contribute", session: signedIn(), profile: profile(true) })).toEqual({ kind: "show" });
  });
});
