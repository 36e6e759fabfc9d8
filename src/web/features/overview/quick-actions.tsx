import { Activity, Brain, Mic, NotebookPen, Zap } from "lucide-react";
import { Link } from "react-router";
import { Card } from "../../ui/card";

const actions = [
  { label: "Start Voice Session", to: "/dashboard/voice", icon: Mic },
  { label: "Capture Session", to: "/dashboard/capture", icon: Activity },
  { label: "Add Memory", to: "/dashboard/memories", icon: NotebookPen },
  { label: "Map Personality", to: "/dashboard/personality", icon: Brain },
] as const;

/** Quick Actions: real links to the four sections where the person adds to their twin. */
export function QuickActions() {
  return (
    <Card id="quick-actions" title="Quick Actions" icon={<Zap aria-hidden="true" className="h-5 w-5 text-brand" />}>
      <ul className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
        {actions.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="flex min-h-11 items-center gap-3 rounded-xl border border-stone-200 px-3 py-2.5 font-medium hover:border-brand hover:bg-violet-50">
              <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-brand" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
