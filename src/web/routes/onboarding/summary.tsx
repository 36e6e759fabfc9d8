import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate, type MetaFunction } from "react-router";
import { onboardingMessages } from "../../../contract";
import { StepFrame } from "../../features/onboarding/step-frame";
import { useOnboardingProfile, useRequireIdentity } from "../../features/onboarding/use-onboarding-profile";
import { callApi } from "../../lib/api-client";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Your AI Reflection · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Step 4: the first reflection of the person, written by the configured model from what they entered. */
export default function Summary() {
  const navigate = useNavigate();
  const { profile } = useOnboardingProfile();
  const ready = useRequireIdentity(profile);
  const reflection = useMutation({ mutationFn: () => callApi("generateReflection") });

  useEffect(() => {
    if (ready) reflection.mutate();
  }, [ready]); // eslint-disable-line react-hooks/exhaustive-deps

  const generating = !ready || reflection.isPending || reflection.isIdle;
  const summary = reflection.data?.reflection.summary.trim();

  return (
    <StepFrame step={4} title="Your AI Reflection" intro={<p>Here is what Mindprint has understood about you so far.</p>}>
      <div aria-live="polite">
        {generating ? (
          <Spinner label="Generating your reflection..." />
        ) : reflection.isError ? (
          <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
            <p>{onboardingMessages.reflectionFailed}</p>
            <p className="mt-1">Don't worry, you can explore this feature later in your dashboard.</p>
            <button type="button" className="mt-3 underline" onClick={() => reflection.mutate()}>
              Try again
            </button>
          </div>
        ) : (
          <div
            tabIndex={0}
            aria-label="Your reflection"
            className="max-h-96 overflow-y-auto whitespace-pre-line rounded-xl border border-stone-200 bg-white p-5 leading-relaxed"
          >
            {summary || onboardingMessages.reflectionEmpty}
          </div>
        )}
      </div>
      <Button className="mt-6" disabled={generating} onClick={() => navigate("/onboarding/contribute")}>
        Next
      </Button>
    </StepFrame>
  );
}
