import { Activity } from "lucide-react";
import { Link } from "react-router";
import { Card } from "../../ui/card";
import { FormulaLink } from "../../ui/formula-link";

const fields = ["Cognitive load (out of 10)", "Attention (%)", "Emotion", "Heart rate (bpm)"] as const;

/** Live Consciousness Monitor: nothing is measured outside a recording, so every field says "—" rather than a made-up number. */
export function LiveMonitorCard() {
  return (
    <Card id="live-monitor" title="Live Consciousness Monitor" icon={<Activity aria-hidden="true" className="h-5 w-5 text-brand" />}>
      <dl className="grid grid-cols-2 gap-2">
        {fields.map((label) => (
          <div key={label} className="rounded-xl bg-stone-50 p-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd data-testid="monitor-value" className="mt-1 text-xl font-semibold">
              —
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-muted">
        No live signals yet. They appear while you record in{" "}
        <Link to="/dashboard/capture" className="font-medium text-brand-strong underline underline-offset-2">
          Consciousness Capture
        </Link>
        .
      </p>
      <FormulaLink topic="captureSignals" className="mt-2 inline-block" />
    </Card>
  );
}
