import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate, type MetaFunction } from "react-router";
import { StepFrame } from "../../features/onboarding/step-frame";
import { useOnboardingProfile } from "../../features/onboarding/use-onboarding-profile";
import { callApi } from "../../lib/api-client";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "You're all set · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** The last step: records onboarding_complete (a failure is only logged, as the spec says), then offers the dashboard. */
export default function Complete() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { profile } = useOnboardingProfile();
  const complete = useMutation({
    mutationFn: () => callApi("completeOnboarding"),
    onError: (error) => console.error("Completing onboarding failed", error),
  });
  const alreadyDone = profile?.onboardingComplete === true;

  useEffect(() => {
    if (profile && !alreadyDone && complete.isIdle) complete.mutate();
  }, [profile, alreadyDone]); // eslint-disable-line react-hooks/exhaustive-deps

  const done = alreadyDone || complete.isSuccess;
  function goToDashboard() {
    if (complete.data) queryClient.setQueryData(["profile"], complete.data);
    navigate("/dashboard");
  }

  return (
    <StepFrame step={6} title={done ? "You're all set!" : "Finalizing..."}>
      {done ? (
        <>
          <p className="text-lg">Welcome to your Consciousness Dashboard. Your digital journey begins now.</p>
          <h2 className="mt-6 font-semibold">What's next</h2>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-muted">
            <li>Explore your personality insights</li>
            <li>Record voice sessions</li>
            <li>Add memories to your vault</li>
            <li>Watch your digital consciousness evolve</li>
          </ul>
        </>
      ) : (
        <Spinner label="Finalizing..." />
      )}
      <Button className="mt-8" onClick={goToDashboard} disabled={!done || complete.isPending}>
        Go to Dashboard
      </Button>
    </StepFrame>
  );
}
