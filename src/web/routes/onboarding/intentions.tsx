import { useEffect, useState } from "react";
import { useNavigate, type MetaFunction } from "react-router";
import { MAX_INTENTS, onboardingMessages, type Intent } from "../../../contract";
import { intentOptions } from "../../features/onboarding/options";
import { StepFrame } from "../../features/onboarding/step-frame";
import { useOnboardingProfile } from "../../features/onboarding/use-onboarding-profile";
import { callApi } from "../../lib/api-client";
import { notifyError } from "../../lib/notify";
import { Button } from "../../ui/button";
import { ChoiceCard } from "../../ui/choice-card";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Getting to know you · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Step 1: why the person is here (one to three intents). */
export default function Intentions() {
  const navigate = useNavigate();
  const { profile, isLoading, setProfile } = useOnboardingProfile();
  const [selected, setSelected] = useState<Intent[]>([]);
  const [remembered, setRemembered] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (profile && profile.userIntents.length > 0) {
      setSelected(profile.userIntents.slice(0, MAX_INTENTS));
      setRemembered(true);
    }
  }, [profile]);

  if (isLoading || !profile) {
    return (
      <StepFrame step={1} title="Getting to know you">
        <Spinner label="Loading your profile..." />
      </StepFrame>
    );
  }

  const atMaximum = selected.length >= MAX_INTENTS;
  const toggle = (value: Intent) =>
    setSelected((current) => (current.includes(value) ? current.filter((v) => v !== value) : [...current, value]));

  async function save() {
    if (selected.length === 0) {
      notifyError(onboardingMessages.selectionRequiredTitle, onboardingMessages.selectionRequired, { scope: "page" });
      return;
    }
    setSaving(true);
    try {
      const { profile: saved } = await callApi("saveIntents", { intents: selected });
      setProfile(saved);
      navigate("/onboarding/identity");
    } catch (error) {
      console.error("Saving intents failed", error);
      notifyError("Something went wrong", "Please try again.", { scope: "page" });
      setSaving(false);
    }
  }

  return (
    <StepFrame
      step={1}
      title="Getting to know you"
      testimonial
      intro={
        <>
          <p className="text-lg text-ink">Hi {profile.firstName || "there"}</p>
          <p>What brings you to Mindprint? Choose up to three. This takes about 5 minutes.</p>
        </>
      }
    >
      {remembered && (
        <p role="status" className="mb-4 rounded-lg border border-violet-200 bg-violet-50 p-3 text-violet-900">
          Welcome back — we've remembered your selections.
        </p>
      )}
      <div role="group" aria-label="Reasons for using Mindprint" className="grid gap-3">
        {intentOptions.map((option) => {
          const checked = selected.includes(option.value);
          const unavailable = atMaximum && !checked;
          return (
            <ChoiceCard
              key={option.value}
              role="checkbox"
              checked={checked}
              unavailable={unavailable}
              label={option.label}
              description={option.description}
              onSelect={() => toggle(option.value)}
              onBlocked={() => notifyError(onboardingMessages.maximumReachedTitle, onboardingMessages.maximumReached, { scope: "page" })}
              tabIndex={unavailable ? -1 : 0}
            />
          );
        })}
      </div>
      <p aria-live="polite" className="mt-3 text-sm text-muted">
        {atMaximum ? "Maximum selected" : `${selected.length} of 3 selected`}
      </p>
      <Button className="mt-6" onClick={save} aria-disabled={selected.length === 0 || saving} disabled={saving}>
        {saving ? "Saving..." : "Continue"}
      </Button>
    </StepFrame>
  );
}
