import { Activity, Gauge } from "lucide-react";
import { biometricMetricInfo } from "../../../contract/biometric-options";
import type { Biometrics } from "../../../contract/biometrics";
import { formatDateTime } from "../../lib/format";
import { Card } from "../../ui/card";
import { FormulaLink } from "../../ui/formula-link";
import { formatReading } from "./format-reading";

/** The spec's Real-Time Biometric Feed, said honestly: the newest reading of each measurement from the last import. */
export function LatestReadings({ latest }: { latest: Biometrics["latest"] }) {
  return (
    <Card id="latest-readings" title="Latest Readings" icon={<Activity aria-hidden="true" className="h-5 w-5 text-brand" />}>
      <p className="text-sm text-muted">Not a live feed: these are the newest readings in the exports you uploaded. Upload a new export to bring them up to date.</p>
      {latest.length === 0 ? (
        <p className="mt-3 text-muted">No readings yet.</p>
      ) : (
        <dl className="mt-3 grid gap-2 sm:grid-cols-2">
          {latest.map((r) => (
            <div key={r.metric} className="rounded-xl bg-stone-50 p-3">
              <dt className="text-sm text-muted">{biometricMetricInfo[r.metric].label}</dt>
              <dd className="text-lg font-semibold">{formatReading(r.metric, r.value)}</dd>
              <dd className="text-xs text-muted">
                <time dateTime={r.at}>{formatDateTime(r.at)}</time> · {r.source}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

/** The Consciousness State box, read from the newest heart rate (docs/formulas.md, "Consciousness state"). */
export function ConsciousnessStateBox({ state }: { state: Biometrics["state"] }) {
  return (
    <Card id="consciousness-state" title="Consciousness State" icon={<Gauge aria-hidden="true" className="h-5 w-5 text-brand" />}>
      <p className="text-2xl font-semibold" data-testid="arousal">
        {state.arousal ?? "—"}
      </p>
      {state.arousal ? (
        <>
          <ul className="mt-2 text-sm text-muted">
            {state.details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
          {state.at && (
            <p className="mt-2 text-xs text-muted">
              From the reading of <time dateTime={state.at}>{formatDateTime(state.at)}</time>.
            </p>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">Read from your newest heart rate once an export with heart rate is imported.</p>
      )}
      <FormulaLink topic="biometrics" className="mt-2 inline-block" />
    </Card>
  );
}
