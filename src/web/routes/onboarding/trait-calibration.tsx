import { useState, type FormEvent } from "react";
import { useNavigate, type MetaFunction } from "react-router";
import { CALIBRATION_RESPONSE_MAX, CALIBRATION_STATEMENT_MAX } from "../../../contract";
import { helperTextFor } from "../../features/onboarding/options";
import { StepFrame } from "../../features/onboarding/step-frame";
import { useOnboardingProfile, useRequireIdentity } from "../../features/onboarding/use-onboarding-profile";
import { callApi } from "../../lib/api-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { Button } from "../../ui/button";
import { TextAreaField } from "../../ui/field";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Trait calibration · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** Scenarios to start from, for people who do not know what to write; choosing one only fills the first box. */
const exampleScenarios = [
  "A close friend asks you to lend them a large sum of money.",
  "You find out a colleague took credit for your work.",
  "Your child asks what you were most afraid of at their age.",
];

/** Step 3: the person answers scenarios in their own words; each answer is stored as calibration feedback. */
export default function TraitCalibration() {
  const navigate = useNavigate();
  const { profile, calibrationAnswers, countCalibrationAnswer } = useOnboardingProfile();
  const ready = useRequireIdentity(profile);
  const [statement, setStatement] = useState("");
  const [response, setResponse] = useState("");
  const [submitting, setSubmitting] = useState(false);

  if (!profile || !ready) {
    return (
      <StepFrame step={3} title="Trait calibration">
        <Spinner label="Loading your profile..." />
      </StepFrame>
    );
  }

  const canSubmit = statement.trim().length > 0 && response.trim().length > 0 && !submitting;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    try {
      await callApi("submitCalibration", { statement: statement.trim(), response: response.trim() });
      notifySuccess("Response submitted", "Thank you for helping calibrate your digital twin.", { scope: "page" });
      setStatement("");
      setResponse("");
      countCalibrationAnswer();
    } catch (error) {
      console.error("Submitting a calibration response failed", error);
      notifyError("Error", "Failed to submit response. Please try again.", { scope: "page" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <StepFrame
      step={3}
      title="Trait calibration"
      testimonial
      intro={
        <>
          <p>Describe a situation, then answer it the way you really would. Your own words teach your twin how you respond.</p>
          <p className="mt-1">{helperTextFor(profile.primaryIntent)}</p>
        </>
      }
    >
      <div className="mb-4 flex flex-wrap gap-2" aria-label="Example scenarios">
        {exampleScenarios.map((example) => (
          <button
            key={example}
            type="button"
            onClick={() => setStatement(example)}
            className="rounded-full border border-stone-300 bg-white px-3 py-1.5 text-left text-sm hover:bg-stone-100"
          >
            {example}
          </button>
        ))}
      </div>
      <form onSubmit={submit} className="space-y-4">
        <TextAreaField
          id="statement"
          label="Hypothetical statement or scenario:"
          value={statement}
          maxLength={CALIBRATION_STATEMENT_MAX}
          onChange={(e) => setStatement(e.target.value)}
          rows={3}
        />
        <TextAreaField
          id="response"
          label="How would you respond?"
          value={response}
          maxLength={CALIBRATION_RESPONSE_MAX}
          onChange={(e) => setResponse(e.target.value)}
          rows={5}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={!canSubmit}>
            {submitting ? "Submitting..." : "Submit Response"}
          </Button>
          <Button type="button" disabled={calibrationAnswers === 0} onClick={() => navigate("/onboarding/summary")}>
            Next
          </Button>
          {calibrationAnswers > 0 && (
            <span className="text-sm text-muted">
              {calibrationAnswers} {calibrationAnswers === 1 ? "response" : "responses"} saved. Add another or continue.
            </span>
          )}
        </div>
      </form>
    </StepFrame>
  );
}
