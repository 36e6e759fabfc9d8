import { Pause, Play, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { howItWorksSteps, stepScreens } from "../../../contract/landing";
import steps from "../../content/pages/steps.md";
import { track } from "../../lib/analytics";
import { Prose } from "../../ui/prose";
import { ProductScreenshot } from "./product-screenshot";

export const CAROUSEL_INTERVAL_MS = 4000;

/**
 * The five steps: advances every 4 s and wraps; play/pause, restart at step 1, and a click on a step jumps
 * there and pauses. Respects a reduced-motion preference by starting paused.
 */
export function StepsCarousel() {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) setPlaying(false);
  }, []);
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % steps.sections.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing]);

  const current = steps.sections[index]!;
  return (
    <section aria-labelledby="steps-heading" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <h2 id="steps-heading" className="text-3xl font-semibold tracking-tight">
        How it works in five steps
      </h2>
      <div className="mt-8 grid gap-6 md:grid-cols-[18rem_1fr]">
        <ol className="flex flex-col gap-2" aria-label="Steps">
          {steps.sections.map((step, i) => (
            <li key={step.id}>
              <button
                type="button"
                aria-current={i === index ? "step" : undefined}
                onClick={() => {
                  setIndex(i);
                  setPlaying(false);
                  track({ name: "How It Works Step Clicked", source: "LandingPage", properties: { step: howItWorksSteps[i]! } });
                }}
                className={`w-full rounded-lg px-4 py-3 text-left font-medium ${i === index ? "bg-brand text-white" : "bg-white text-ink hover:bg-stone-100"}`}
              >
                <span className="mr-2 opacity-75">{i + 1}.</span>
                {step.heading}
              </button>
            </li>
          ))}
        </ol>
        <div className="rounded-2xl border border-stone-200 bg-white p-6">
          <p className="text-sm text-muted" aria-live={playing ? "off" : "polite"}>
            Step {index + 1} of {steps.sections.length}
          </p>
          <h3 className="mt-1 text-2xl font-semibold" data-testid="carousel-current">
            {current.heading}
          </h3>
          <Prose html={current.html} className="mt-3 text-muted" />
          <ProductScreenshot screen={stepScreens[index]!} alt={`${current.heading}: the page in Mindprint where you do it`} className="mt-4" />
          <div className="mt-6 flex gap-2">
            <button type="button" onClick={() => setPlaying((p) => !p)} className="inline-flex items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm">
              {playing ? <Pause aria-hidden="true" className="h-4 w-4" /> : <Play aria-hidden="true" className="h-4 w-4" />}
              {playing ? "Pause" : "Play"}
            </button>
            <button
              type="button"
              onClick={() => {
                setIndex(0);
                setPlaying(true);
              }}
              className="inline-flex items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm"
            >
              <RotateCcw aria-hidden="true" className="h-4 w-4" /> Restart
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
