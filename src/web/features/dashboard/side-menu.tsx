import { NavLink } from "react-router";
import { useSession } from "../../lib/session";
import { dashboardSections, devToolsEntry } from "./sections";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${isActive ? "bg-violet-100 text-brand-strong" : "text-ink hover:bg-stone-100"}`;

/** The dashboard's sections, and Dev Tools only when the server runs in development mode. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const devMode = useSession().data?.devMode === true;
  const entries = devMode ? [...dashboardSections, devToolsEntry] : dashboardSections;
  return (
    <nav aria-label="Dashboard">
      <ul className="space-y-1">
        {entries.map(({ path, label, icon: Icon }) => (
          <li key={path}>
            <NavLink to={path} end={path === "/dashboard"} className={itemClass} onClick={onNavigate}>
              <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
