import type { TwinScenarioResult } from "../../../contract/twin";
import { SpeakerLabel } from "./ai-notice";
import { GroundingScore, SourceList } from "./source-list";

/**
 * The laboratory's answer to a scenario: the twin's decision with what it used, its traits and its grounding. A
 * support message (a scenario written in crisis words) is Mindprint's, not the twin's: it is labelled so, and has no
 * sources, traits or score to weigh.
 */
export function ScenarioResult({ result }: { result: TwinScenarioResult }) {
  if (result.kind !== "answer") {
    return (
      <section aria-label="Mindprint's answer" data-testid="twin-decision" className="grid gap-2 rounded-xl border border-sky-200 bg-sky-50/40 p-4">
        <SpeakerLabel kind={result.kind} twinLabel="" />
        <p className="whitespace-pre-wrap break-words">{result.decision}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="twin-decision-heading" data-testid="twin-decision" className="grid gap-3 rounded-xl border border-stone-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="twin-decision-heading" className="font-semibold">
          Your twin's decision
        </h3>
        <GroundingScore score={result.authenticityScore} />
      </div>
      <p className="whitespace-pre-wrap break-words">{result.decision}</p>
      <div className="text-sm">
        <h4 className="font-medium">Memories and answers used</h4>
        {result.sources.length > 0 ? (
          <SourceList sources={result.sources} label="Memories and answers used" />
        ) : (
          <p className="text-muted">None — your twin said it had nothing to go on.</p>
        )}
      </div>
      <div className="text-sm">
        <h4 className="font-medium">Traits considered</h4>
        {result.traits.length > 0 ? (
          <ul aria-label="Traits considered" className="mt-1 flex flex-wrap gap-1.5">
            {result.traits.map((trait) => (
              <li key={trait} className="rounded-full bg-stone-100 px-2.5 py-0.5">
                {trait}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">No traits yet</p>
        )}
      </div>
    </section>
  );
}
