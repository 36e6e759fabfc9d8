import type { ReactNode } from "react";
import { OnboardingHeader } from "./onboarding-header";
import { onboardingSteps, type StepNumber } from "./steps";
import { ProgressBar } from "../../ui/progress-bar";

interface StepFrameProps {
  step: StepNumber;
  title: string;
  intro?: ReactNode;
  testimonial?: boolean;
  children: ReactNode;
}

/** The frame of every onboarding screen: header, "Step n of 6", progress bar, labelled step dots, content. */
export function StepFrame({ step, title, intro, testimonial = false, children }: StepFrameProps) {
  const current = onboardingSteps[step - 1]!;
  return (
    <div className="min-h-screen bg-paper">
      <OnboardingHeader />
      <main className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
        <p className="text-sm font-medium text-brand">Step {step} of 6</p>
        <ProgressBar label="Onboarding progress" value={current.progress} valueText={`${current.progress}%`} className="mt-2" />
        <ol className="mt-3 grid grid-cols-6 gap-1 text-center text-xs text-muted" aria-label="Onboarding steps">
          {onboardingSteps.map((s, index) => (
            <li key={s.path} aria-current={index + 1 === step ? "step" : undefined} className="flex flex-col items-center gap-1">
              <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${index + 1 <= step ? "bg-brand" : "bg-stone-300"}`} />
              <span className={`hidden sm:block ${index + 1 === step ? "font-semibold text-ink" : ""}`}>{s.label}</span>
            </li>
          ))}
        </ol>
        <h1 className="mt-8 text-3xl font-semibold tracking-tight">{title}</h1>
        {intro && <div className="mt-2 text-muted">{intro}</div>}
        <div className="mt-6">{children}</div>
        {testimonial && (
          <figure className="mt-10 rounded-xl border border-stone-200 bg-white p-5">
            <blockquote className="text-ink">
              “I recorded the stories my grandmother used to tell me, in my own words, so my kids will hear them the way I did.”
            </blockquote>
            <figcaption className="mt-2 text-sm text-muted">Elena, mother of two</figcaption>
          </figure>
        )}
      </main>
    </div>
  );
}
