import { MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import type { Overview } from "../../../contract/overview";
import { Card } from "../../ui/card";

/** Digital Twin Lab: what the twin can draw on today, and the way in. */
export function TwinLabCard({ overview }: { overview: Overview }) {
  const figures = [
    ["Memories available to your twin", overview.memories.availableToTwin],
    ["Calibration answers", overview.calibrationAnswers],
    ["Conversation messages", overview.conversations],
  ] as const;
  return (
    <Card id="twin-lab" title="Digital Twin Lab" icon={<MessagesSquare aria-hidden="true" className="h-5 w-5 text-brand" />}>
      <p className="text-sm text-muted">Talk with your twin: it answers from what you recorded.</p>
      <dl className="mt-3 grid gap-2">
        {figures.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 rounded-xl bg-stone-50 px-3 py-2">
            <dt>{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <Link to="/dashboard/twin" className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-strong">
        Open Lab
      </Link>
    </Card>
  );
}
