import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { Profile, ProfileResponse } from "../../../contract";
import { useProfile } from "../../lib/session";

/** The signed-in user's profile for onboarding screens, and a way to put a fresh copy from the API into the cache. */
export function useOnboardingProfile() {
  const query = useProfile(true);
  const queryClient = useQueryClient();
  // Anyone saving onboarding answers has begun a twin: their landing is onboarding until it is done.
  const setProfile = (profile: Profile) =>
    queryClient.setQueryData(["profile"], (before: ProfileResponse | undefined) => ({ profile, landing: profile.onboardingComplete ? "dashboard" : "onboarding", calibrationAnswers: before?.calibrationAnswers ?? 0 }));
  /** One more calibration answer saved (step 3), without asking the server again. */
  const countCalibrationAnswer = () => queryClient.setQueryData(["profile"], (before: ProfileResponse | undefined) => (before ? { ...before, calibrationAnswers: before.calibrationAnswers + 1 } : before));
  return { profile: query.data?.profile, calibrationAnswers: query.data?.calibrationAnswers ?? 0, isLoading: query.isPending, setProfile, countCalibrationAnswer };
}

/** Steps 3 and 4 need a first name and a legacy preference; without them the person starts again at step 1. */
export function useRequireIdentity(profile: Profile | undefined): boolean {
  const navigate = useNavigate();
  const ready = Boolean(profile?.firstName && profile.legacyPreference);
  useEffect(() => {
    if (profile && !ready) navigate("/onboarding", { replace: true });
  }, [profile, ready, navigate]);
  return ready;
}
