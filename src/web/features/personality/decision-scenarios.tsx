import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { ScenarioFigures, ScenarioOutcome, ScenarioState } from "../../../contract/decision-scenarios";
import { SCENARIO_RULES, scenarioMessages } from "../../../contract/personality-options";
import { messageOf } from "../../lib/api-client";
import { formatDateTime, formatShare, plural } from "../../lib/format";
import { Button } from "../../ui/button";
import { TextAreaField } from "../../ui/field";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";
import { scenariosQuery, useAnswerScenario } from "./personality-queries";
import { FormulaLink } from "../../ui/formula-link";

/** What fidelity still needs, in words: "3 more predictions and 5 more scenarios asked again". */
function neededText(f: ScenarioFigures): string {
  const parts = [
    ...(f.needed.predictions > 0 ? [`${plural(f.needed.predictions, "more prediction", "more predictions")}`] : []),
    ...(f.needed.retests > 0 ? [`${plural(f.needed.retests, "more scenario", "more scenarios")} asked again`] : []),
  ];
  if (parts.length > 0) return `Needs ${parts.join(" and ")}.`;
  return "You never chose the same way twice, so there is nothing yet to compare your twin with.";
}

function Figure({ title, value, children, testId }: { title: string; value: string; children: ReactNode; testId: string }) {
  return (
    <div className="grid content-start gap-1 rounded-xl border border-stone-200 bg-white p-4" data-testid={testId}>
      <dt className="text-sm font-medium text-muted">{title}</dt>
      <dd className="text-3xl font-semibold tabular-nums">
        {value === "—" ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">no figure yet</span>
          </>
        ) : (
          value
        )}
      </dd>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** Agreement, consistency and fidelity with their counts (docs/formulas.md, "Decision scenarios and twin fidelity"). */
function FidelityFigures({ figures: f, retestDue }: { figures: ScenarioFigures; retestDue: boolean }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <Figure title="Twin agreement" value={formatShare(f.agreement)} testId="scenario-agreement">
        {f.predictions > 0 ? `${f.matches} of ${plural(f.predictions, "prediction", "predictions")} matched your choice. Guessing at random would match ${formatShare(f.chance)}.` : "No predictions yet."}
      </Figure>
      <Figure title="Your own consistency" value={formatShare(f.consistency)} testId="scenario-consistency">
        {f.retests > 0
          ? `${f.consistent} of ${plural(f.retests, "scenario", "scenarios")} answered the same way when asked again.`
          : retestDue
            ? "A scenario you answered two weeks ago is back: answer it below."
            : f.nextRetestAt
            ? `Your first scenario comes back on ${formatDateTime(f.nextRetestAt)}.`
            : `Scenarios come back ${SCENARIO_RULES.retestAfterDays} days after you answer them.`}
      </Figure>
      <Figure title="Twin fidelity" value={formatShare(f.fidelity)} testId="scenario-fidelity">
        {f.fidelity !== null ? `Your twin chooses as you do ${formatShare(f.fidelity)} as often as you choose as you did before.` : neededText(f)}
      </Figure>
    </dl>
  );
}

/** One scenario to answer: the situation, its options as radio buttons, and the person's own words. */
function ScenarioForm({ state, onAnswered, takeFocus, onFocused }: { state: ScenarioState; onAnswered: (outcome: ScenarioOutcome) => void; takeFocus: boolean; onFocused: () => void }) {
  const next = state.next!;
  const answer = useAnswerScenario();
  const [choice, setChoice] = useState<number | null>(null);
  const [words, setWords] = useState("");
  const [missing, setMissing] = useState(false);
  const legendRef = useRef<HTMLHeadingElement>(null);
  const firstOptionRef = useRef<HTMLInputElement>(null);
  const id = useId();
  // A new scenario after "Next scenario": focus goes to it, so a keyboard user reads it next.
  useEffect(() => {
    if (!takeFocus) return;
    legendRef.current?.focus();
    onFocused();
  }, [takeFocus, onFocused]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) {
      setMissing(true);
      firstOptionRef.current?.focus();
      return;
    }
    answer.mutate({ scenarioId: next.scenario.id, kind: next.kind, choice, words }, { onSuccess: ({ outcome }) => onAnswered(outcome) });
  };
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" noValidate>
      <fieldset className="grid gap-3" aria-describedby={missing ? `${id}-missing` : undefined}>
        <legend className="mb-3">
          <span className="mb-2 block text-sm text-muted">
            {next.kind === "retest"
              ? `Asked again · you answered this at least ${SCENARIO_RULES.retestAfterDays} days ago. Answer as you would today; it measures how steady your choices are, not whether you remember.`
              : `Scenario ${state.answered + 1} of ${state.total} · ${next.scenario.domainLabel}`}
          </span>
          <h3 ref={legendRef} tabIndex={-1} className="text-lg font-semibold outline-none" data-testid="scenario-prompt">
            {next.scenario.prompt}
          </h3>
        </legend>
        {next.scenario.options.map((text, i) => (
          <label key={text} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-violet-50">
            <input
              type="radio"
              name={`${id}-choice`}
              value={i + 1}
              checked={choice === i + 1}
              ref={i === 0 ? firstOptionRef : undefined}
              onChange={() => {
                setChoice(i + 1);
                setMissing(false);
              }}
              className="mt-1"
            />
            <span>{text}</span>
          </label>
        ))}
        {missing && (
          <p id={`${id}-missing`} role="alert" className="text-sm text-red-700">
            {scenarioMessages.choiceInvalid}
          </p>
        )}
      </fieldset>
      <TextAreaField
        id={`${id}-words`}
        label="In your own words (optional): why this one?"
        rows={3}
        maxLength={SCENARIO_RULES.wordsMax}
        value={words}
        onChange={(e) => setWords(e.target.value)}
      />
      {answer.isError && (
        <p role="alert" className="text-red-700">
          {messageOf(answer.error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={answer.isPending}>
          {answer.isPending ? "Saving…" : "Save my answer"}
        </Button>
      </div>
    </form>
  );
}

/** Right after an answer: what the twin had guessed, or how it compares with the first time. */
function OutcomeView({ outcome, onNext, hasNext }: { outcome: ScenarioOutcome; onNext: () => void; hasNext: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="scenario-outcome-heading" className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" data-testid="scenario-outcome">
      <h3 ref={headingRef} tabIndex={-1} id="scenario-outcome-heading" className="text-lg font-semibold outline-none">
        Answer saved
      </h3>
      <p>You chose: {outcome.choice}</p>
      {outcome.kind === "retest" ? (
        <p>{outcome.sameAsFirst ? "That is the same choice you made the first time." : "That is a different choice from the first time. People change their minds; this is what consistency measures."}</p>
      ) : outcome.predicted ? (
        <>
          <p className="font-medium">
            {outcome.matched ? "Your twin predicted this choice." : "Your twin predicted another choice:"} {outcome.matched ? "" : outcome.predicted}
          </p>
          <p className="text-sm text-muted">It drew on {new Intl.ListFormat("en", { type: "conjunction" }).format(outcome.basis)}, and never on this answer.</p>
        </>
      ) : (
        <p>Your twin had nothing to go on yet. Take the questionnaire above or add memories, and it will predict your next choices.</p>
      )}
      <div>
        <Button onClick={onNext}>{hasNext ? "Next scenario" : "Done"}</Button>
      </div>
    </section>
  );
}

/** Nothing left to answer for now; after "Done", focus lands here rather than on the page's body. */
function AllAnswered({ nextRetestAt, takeFocus, onFocused }: { nextRetestAt: string | null; takeFocus: boolean; onFocused: () => void }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    ref.current?.focus();
    onFocused();
  }, [takeFocus, onFocused]);
  return (
    <p ref={ref} tabIndex={-1} className="rounded-xl border border-stone-200 bg-white p-4 outline-none">
      You have answered every scenario for now.
      {nextRetestAt ? ` The next one comes back on ${formatDateTime(nextRetestAt)}.` : ""}
    </p>
  );
}

function RecentAnswers({ recent }: { recent: ScenarioOutcome[] }) {
  if (recent.length === 0) return null;
  return (
    <details className="rounded-xl border border-stone-200 bg-white p-4">
      <summary className="cursor-pointer font-medium">Your latest answers</summary>
      <ol className="mt-3 grid gap-3">
        {recent.map((r) => (
          <li key={`${r.kind}:${r.scenarioId}`} className="grid gap-1 border-b border-stone-100 pb-3 text-sm last:border-0">
            <p className="text-muted">
              {formatDateTime(r.answeredAt)} · {r.kind === "retest" ? "asked again" : r.domainLabel}
            </p>
            <p>{r.prompt}</p>
            <p>
              <span className="font-medium">You:</span> {r.choice}
              {r.words && <span className="block text-muted">“{r.words}”</span>}
            </p>
            {r.kind === "first" && (
              <p>
                <span className="font-medium">Your twin:</span> {r.predicted ? `${r.predicted} (${r.matched ? "matched" : "did not match"})` : "no prediction"}
              </p>
            )}
            {r.kind === "retest" && <p>{r.sameAsFirst ? "Same as the first time." : "Different from the first time."}</p>}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Decision Scenario Testing: everyday decisions the person answers, the twin predicts, and some asked again. */
export function DecisionScenarios() {
  const query = useQuery(scenariosQuery);
  const [outcome, setOutcome] = useState<ScenarioOutcome | null>(null);
  // Set by "Next scenario": the next form (or the last message) takes focus once, then a refetch never steals it.
  const [continued, setContinued] = useState(false);
  const focused = useCallback(() => setContinued(false), []);
  return (
    <section aria-labelledby="scenarios-heading" className="grid gap-4">
      <div>
        <h2 id="scenarios-heading" className="text-xl font-semibold">
          Decision Scenario Testing
        </h2>
        <p className="mt-1 max-w-3xl text-muted">
          Answer everyday decisions the way you would. Before each first answer is saved, your twin predicts your choice from your Big Five profile, your memories, your
          calibration answers and your other scenario answers, never from the answer itself. {SCENARIO_RULES.retestAfterDays} days later a few scenarios come back to you.
          Fidelity divides how often your twin chooses as you do by how often you choose as you did before: 100% means it predicts you as well as you predict yourself.
        </p>
        <FormulaLink topic="decisionScenarios" className="mt-1 inline-block" />
      </div>
      {query.isPending ? (
        <Spinner label="Loading your scenarios…" />
      ) : query.isError ? (
        <LoadFailed message="Could not load your decision scenarios." onRetry={() => void query.refetch()} />
      ) : (
        <>
          <FidelityFigures figures={query.data.figures} retestDue={query.data.next?.kind === "retest"} />
          {outcome ? (
            <OutcomeView outcome={outcome} hasNext={query.data.next !== null} onNext={() => {
                setOutcome(null);
                setContinued(true);
              }}
            />
          ) : query.data.next ? (
            <ScenarioForm key={`${query.data.next.kind}:${query.data.next.scenario.id}`} state={query.data} onAnswered={setOutcome} takeFocus={continued} onFocused={focused} />
          ) : (
            <AllAnswered nextRetestAt={query.data.figures.nextRetestAt} takeFocus={continued} onFocused={focused} />
          )}
          <RecentAnswers recent={query.data.recent} />
        </>
      )}
    </section>
  );
}
