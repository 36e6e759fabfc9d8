import { Link } from "react-router";
import { dashboardSections } from "../../features/dashboard/sections";

/** Consciousness Home. Its stat cards and progress arrive with the overview; until then it points to every section. */
export default function DashboardHome() {
  return (
    <div>
      <h1 className="text-3xl font-semibold">Your Consciousness Dashboard</h1>
      <p className="mt-3 text-muted">Your account is ready. Each part of your twin has its own section:</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {dashboardSections
          .filter((s) => s.comingSoon || s.summary)
          .map(({ path, label, icon: Icon, comingSoon, summary }) => (
            <li key={path}>
              <Link to={path} className="flex h-full gap-3 rounded-xl border border-stone-200 bg-white p-4 hover:border-brand">
                <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand" />
                <span>
                  <span className="block font-medium">{label}</span>
                  <span className="mt-1 block text-sm text-muted">{summary ?? comingSoon}</span>
                  {comingSoon && <span className="mt-2 block text-xs font-medium text-brand-strong">Coming soon</span>}
                </span>
              </Link>
            </li>
          ))}
      </ul>
    </div>
  );
}
