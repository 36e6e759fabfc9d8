import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useNavigate, useParams, type MetaFunction } from "react-router";
import { callApi } from "../../lib/api-client";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { OnboardingHeader } from "./onboarding-header";

export const meta: MetaFunction = () => [{ title: "Onboarding · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** The completion screen of the spec: records onboarding_complete, then offers the dashboard. */
function Complete() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const complete = useMutation({
    mutationFn: () => callApi("completeOnboarding"),
    onError: (error) => console.error("Completing onboarding failed", error),
  });
  useEffect(() => {
    complete.mutate();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const done = complete.isSuccess;
  async function goToDashboard() {
    if (complete.data) queryClient.setQueryData(["profile"], complete.data);
    navigate("/dashboard");
  }
  return (
    <main className="mx-auto max-w-2xl px-6 py-10">
      {done ? (
        <>
          <h1 className="text-3xl font-semibold">You're all set!</h1>
          <p className="mt-3">Welcome to your Consciousness Dashboard. Your digital journey begins now.</p>
          <ul className="mt-4 list-disc space-y-1 pl-6 text-muted">
            <li>Explore your personality insights</li>
            <li>Record voice sessions</li>
            <li>Add memories to your vault</li>
            <li>Watch your digital consciousness evolve</li>
          </ul>
        </>
      ) : (
        <Spinner label="Finalizing..." />
      )}
      <Button className="mt-6" onClick={goToDashboard} disabled={!done}>
        Go to Dashboard
      </Button>
    </main>
  );
}

export default function OnboardingStep() {
  const { step } = useParams();
  return (
    <div className="min-h-screen">
      <OnboardingHeader />
      {step === "complete" ? (
        <Complete />
      ) : (
        <main className="mx-auto max-w-2xl px-6 py-10">
          <h1 className="text-2xl font-semibold">This step is not built yet</h1>
          <p className="mt-2 text-muted">You can finish setting up now and come back to it later.</p>
          <Link to="/onboarding/complete" className="mt-4 inline-block text-brand underline">
            Skip for now
          </Link>
        </main>
      )}
    </div>
  );
}
