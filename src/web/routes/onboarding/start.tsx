import { Link, type MetaFunction } from "react-router";
import { OnboardingHeader } from "./onboarding-header";

export const meta: MetaFunction = () => [{ title: "Getting to know you · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Step 1 of onboarding. The six-step flow is its own issue; until it lands this screen leads to completion. */
export default function OnboardingStart() {
  return (
    <div className="min-h-screen">
      <OnboardingHeader />
      <main className="mx-auto max-w-2xl px-6 py-10">
        <p className="text-sm text-muted">Step 1 of 6</p>
        <h1 className="mt-1 text-3xl font-semibold">Getting to know you</h1>
        <p className="mt-3 text-muted">
          The guided questions about why you are here and who you are are not built yet. You can finish setting up now and come back to
          them from your dashboard.
        </p>
        <Link to="/onboarding/complete" className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-medium text-white">
          Skip for now
        </Link>
      </main>
    </div>
  );
}
