import { useQuery } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import { useState } from "react";
import type { MetaFunction } from "react-router";
import { PERSONALITY_ITEM_COUNT } from "../../../contract/personality-options";
import { personalityQuery, useStartAttempt } from "../../features/personality/personality-queries";
import { DecisionScenarios } from "../../features/personality/decision-scenarios";
import { PersonalityProfileView } from "../../features/personality/personality-profile";
import { Questionnaire } from "../../features/personality/questionnaire";
import { messageOf } from "../../lib/api-client";
import { Button } from "../../ui/button";
import { LoadFailed } from "../../ui/load-failed";
import { Spinner } from "../../ui/spinner";

export const meta: MetaFunction = () => [{ title: "Personality Mapping · Mindprint" }, { name: "robots", content: "noindex, nofollow" }];

/** The spec's empty state: nothing scored yet, the four placeholders, and the way to start. */
function NoPersonalityData({ onStart, starting, error }: { onStart: () => void; starting: boolean; error: string | null }) {
  return (
    <section aria-labelledby="empty-heading" className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-6 text-center">
      <ClipboardList aria-hidden="true" className="mx-auto h-10 w-10 text-brand" />
      <h2 id="empty-heading" className="text-xl font-semibold">
        No Personality Data Yet
      </h2>
      <ul className="mx-auto grid w-full max-w-xl grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Traits you will see">
        {["Openness", "Conscientiousness", "Extraversion", "Agreeableness"].map((trait) => (
          <li key={trait} className="rounded-xl border border-dashed border-stone-300 p-3 text-sm text-muted">
            {trait}
            <span className="block text-lg font-semibold">—</span>
          </li>
        ))}
      </ul>
      <p className="mx-auto max-w-xl">
        Answer the IPIP-NEO-120, a public-domain Big Five questionnaire: {PERSONALITY_ITEM_COUNT} short statements, about 15 minutes. Every answer is saved as you give it, so
        you can stop and carry on later, on any device. You will see where you stand on five domains and thirty facets, compared with people of your age and sex if you
        tell us.
      </p>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <div>
        <Button onClick={onStart} disabled={starting}>
          {starting ? "Starting…" : "Start the questionnaire"}
        </Button>
      </div>
    </section>
  );
}

/** Personality Mapping: the Big Five questionnaire, the profile it gives, and how well the twin decides like the person. */
export default function PersonalitySection() {
  const state = useQuery(personalityQuery);
  const start = useStartAttempt();
  const [answering, setAnswering] = useState(false);
  const begin = () => start.mutate(undefined, { onSuccess: () => setAnswering(true) });
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold">Personality Mapping</h1>
        <p className="mt-2 text-muted">How you tend to think, feel and act, measured with a validated questionnaire and read against published norms.</p>
      </header>
      {state.isPending ? (
        <Spinner label="Loading your personality profile…" />
      ) : state.isError ? (
        <LoadFailed message="Could not load your personality profile." onRetry={() => void state.refetch()} />
      ) : state.data.inProgress && (answering || !state.data.latest) ? (
        <>
          <Questionnaire key={state.data.inProgress.id} attempt={state.data.inProgress} knowsAge={state.data.knowsAge} />
          <DecisionScenarios />
        </>
      ) : state.data.latest ? (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-4">
            <p className="flex-1">
              {state.data.inProgress
                ? `You have a questionnaire in progress: ${state.data.inProgress.answered} of ${PERSONALITY_ITEM_COUNT} answered.`
                : "People change slowly; taking the questionnaire again in a few months shows how."}
            </p>
            <Button variant="secondary" onClick={state.data.inProgress ? () => setAnswering(true) : begin} disabled={start.isPending}>
              {state.data.inProgress ? "Continue the questionnaire" : "Take it again"}
            </Button>
          </div>
          {start.isError && (
            <p role="alert" className="text-red-700">
              {messageOf(start.error)}
            </p>
          )}
          <PersonalityProfileView state={state.data} />
          <DecisionScenarios />
        </>
      ) : (
        <>
          <NoPersonalityData onStart={begin} starting={start.isPending} error={start.isError ? messageOf(start.error) : null} />
          <DecisionScenarios />
        </>
      )}
    </div>
  );
}
