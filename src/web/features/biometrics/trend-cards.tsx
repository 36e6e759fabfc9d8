import { BatteryCharging, Moon, Zap } from "lucide-react";
import type { BiometricTrend, Biometrics } from "../../../contract/biometrics";
import { FormulaLink } from "../../ui/formula-link";

const cards = [
  { key: "recovery", title: "Recovery Status", icon: BatteryCharging },
  { key: "stress", title: "Stress Impact", icon: Zap },
  { key: "sleep", title: "Sleep Quality", icon: Moon },
] as const;

function TrendCard({ id, title, icon: Icon, trend }: { id: string; title: string; icon: typeof Moon; trend: BiometricTrend }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-stone-200 bg-white p-4" data-testid={id}>
      <h3 id={`${id}-heading`} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="h-5 w-5 text-brand" />
        {title}
      </h3>
      <p className="mt-2 text-2xl font-semibold">
        {trend.level ?? "—"}
        {trend.score !== null && <span className="ml-2 text-base font-normal text-muted">{trend.score.toLocaleString(undefined, { maximumFractionDigits: 1 })} / 10</span>}
      </p>
      {trend.level ? (
        <ul className="mt-1 text-sm text-muted">
          {trend.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-muted">{trend.needs}</p>
      )}
    </section>
  );
}

/** Recovery Status, Stress Impact and Sleep Quality: the last 7 days against the person's own 28 days before. */
export function TrendCards({ trends }: { trends: Biometrics["trends"] }) {
  return (
    <section aria-labelledby="trends-heading" className="grid gap-3">
      <div>
        <h2 id="trends-heading" className="text-xl font-semibold">
          Trends
        </h2>
        <p className="text-sm text-muted">Your last 7 days with data against your own 28 days before them.</p>
        <FormulaLink topic="biometrics" />
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        {cards.map((c) => (
          <TrendCard key={c.key} id={`trend-${c.key}`} title={c.title} icon={c.icon} trend={trends[c.key]} />
        ))}
      </div>
    </section>
  );
}
