import { Network } from "lucide-react";
import type { MappingProgress } from "../../../contract/overview";
import { Card } from "../../ui/card";
import { FormulaLink } from "../../ui/formula-link";
import { ProgressBar } from "../../ui/progress-bar";

const statusClass: Record<MappingProgress["status"], string> = {
  "No data yet": "bg-stone-100 text-muted",
  "In Progress": "bg-amber-100 text-amber-900",
  Completed: "bg-green-100 text-green-900",
};

/** Consciousness Mapping Progress: each domain's traits, status and progress (10 % per trait, capped at 100). */
export function MappingProgressCard({ mapping }: { mapping: MappingProgress[] }) {
  return (
    <Card id="mapping-progress" title="Consciousness Mapping Progress" icon={<Network aria-hidden="true" className="h-5 w-5 text-brand" />}>
      <p className="text-sm text-muted">Each memory in a domain's categories, and each calibration answer for Philosophy &amp; Values, is one trait. Ten traits complete a domain.</p>
      <FormulaLink topic="mappingProgress" />
      <ul className="mt-3 grid gap-4">
        {mapping.map((m) => (
          <li key={m.domain} data-testid={`mapping-${m.domain}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="font-medium">{m.label}</span>
              <span className="flex items-center gap-2 text-sm">
                <span className="text-muted">
                  {m.traits} {m.traits === 1 ? "trait" : "traits"}
                </span>
                <span data-testid="mapping-status" className={`rounded-full px-2.5 py-0.5 font-medium ${statusClass[m.status]}`}>
                  {m.status}
                </span>
              </span>
            </div>
            <ProgressBar label={`${m.label} mapping progress`} value={m.progress} valueText={`${m.progress}%`} className="mt-2" />
          </li>
        ))}
      </ul>
    </Card>
  );
}
