import { useQuery } from "@tanstack/react-query";
import { FlaskConical, UserRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { TWIN_SCENARIO_MAX } from "../../../contract/twin-options";
import { messageOf } from "../../lib/api-client";
import { useProfile } from "../../lib/session";
import { Button } from "../../ui/button";
import { TextAreaField } from "../../ui/field";
import { Spinner } from "../../ui/spinner";
import { overviewQuery } from "../../lib/queries";
import { ScenarioResult } from "./scenario-result";
import { useDecideScenario } from "./twin-queries";

/** Advanced Digital Twin Laboratory: who the twin speaks as, and a scenario it decides the way the person would. */
export function TwinLaboratory() {
  return (
    <section aria-labelledby="twin-lab-heading" className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <div>
        <h2 id="twin-lab-heading" className="flex items-center gap-2 text-xl font-semibold">
          <FlaskConical aria-hidden="true" className="h-5 w-5 text-brand" />
          Advanced Digital Twin Laboratory
        </h2>
        <p className="mt-1 text-sm text-muted">Describe a decision and your twin decides it the way you would, from your answers and memories. Nothing here is saved.</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <ProfileCard />
        <ScenarioBox />
      </div>
    </section>
  );
}

function ProfileCard() {
  const profile = useProfile(true);
  const overview = useQuery(overviewQuery);
  const firstName = profile.data?.profile.firstName;
  const traits = overview.data?.reflection?.traitsUsed ?? [];
  return (
    <section aria-labelledby="twin-profile-heading" data-testid="twin-profile" className="self-start rounded-xl bg-stone-50 p-4">
      <h3 id="twin-profile-heading" className="flex items-center gap-2 font-semibold">
        <UserRound aria-hidden="true" className="h-5 w-5 text-brand" />
        Twin profile
      </h3>
      <dl className="mt-2 grid gap-2 text-sm">
        <div>
          <dt className="text-muted">Speaks as</dt>
          <dd className="text-base font-medium">{profile.isPending ? "…" : firstName || "You (no first name given)"}</dd>
        </div>
        <div>
          <dt className="text-muted">Traits</dt>
          <dd>
            {overview.isPending ? (
              "…"
            ) : traits.length > 0 ? (
              <ul aria-label="Traits" className="mt-1 flex flex-wrap gap-1.5">
                {traits.map((trait) => (
                  <li key={trait} className="rounded-full bg-violet-50 px-2.5 py-0.5 text-brand-strong">
                    {trait}
                  </li>
                ))}
              </ul>
            ) : (
              "No traits yet"
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function ScenarioBox() {
  const [scenario, setScenario] = useState("");
  const decide = useDecideScenario();
  const blank = scenario.trim().length === 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || decide.isPending) return;
    decide.mutate(scenario.trim());
  };

  const result = decide.data;
  return (
    <div className="grid content-start gap-3">
      <form onSubmit={onSubmit} className="grid gap-2">
        <TextAreaField
          id="twin-scenario"
          label="Describe a decision for your twin"
          rows={3}
          maxLength={TWIN_SCENARIO_MAX}
          value={scenario}
          onChange={(e) => setScenario(e.target.value)}
          placeholder="A friend asks to borrow a large sum of money…"
        />
        <div>
          <Button type="submit" disabled={blank || decide.isPending}>
            Ask my twin to decide
          </Button>
        </div>
      </form>
      {decide.isPending ? (
        <Spinner label="Your twin is deciding…" />
      ) : decide.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
          {messageOf(decide.error, "Failed to get a decision. Please try again.")}
        </p>
      ) : result ? (
        <ScenarioResult result={result} />
      ) : null}
    </div>
  );
}
