import { Sparkles } from "lucide-react";
import type { Completeness } from "../../../contract/overview";
import { StatCard } from "./stat-card";

const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** Consciousness %: the completeness figure, with each part of its formula behind a disclosure. */
export function ConsciousnessCard({ completeness }: { completeness: Completeness }) {
  return (
    <StatCard id="stat-consciousness" title="Consciousness" icon={<Sparkles aria-hidden="true" className="h-4 w-4 text-brand" />} value={`${completeness.percent}%`} formula="completeness">
      <p>How much of you Mindprint has recorded so far.</p>
      <details className="mt-2">
        <summary className="cursor-pointer font-medium text-brand-strong">How it is computed</summary>
        <p className="mt-2">Six parts, each full at its target; the figure is their rounded sum, out of 100.</p>
        <ul className="mt-2 grid gap-1.5" aria-label="Consciousness parts">
          {completeness.parts.map((part) => (
            <li key={part.key} data-testid="completeness-part" className="rounded-lg bg-stone-50 px-2.5 py-1.5">
              <span className="flex justify-between gap-2 text-ink">
                <span className="font-medium">{part.label}</span>
                <span>
                  {points(part.earned)} / {part.max}
                </span>
              </span>
              <span className="block">{part.detail}</span>
            </li>
          ))}
        </ul>
      </details>
    </StatCard>
  );
}
