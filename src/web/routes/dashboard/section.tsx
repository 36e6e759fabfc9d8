import { Link, useParams } from "react-router";
import { findSection } from "../../features/dashboard/sections";
import NotFound from "../public/not-found";

/** A section with its own URL that is not built yet says what it will hold, instead of showing made-up data. */
export default function DashboardSection() {
  const section = findSection(useParams().section);
  if (!section || !section.comingSoon) return <NotFound />;
  const Icon = section.icon;
  return (
    <section aria-labelledby="section-heading" className="rounded-2xl border border-stone-200 bg-white p-8">
      <Icon aria-hidden="true" className="h-8 w-8 text-brand" />
      <h1 id="section-heading" className="mt-3 text-2xl font-semibold">
        {section.label}
      </h1>
      <p className="mt-2 text-muted">{section.comingSoon}</p>
      <p className="mt-4 inline-block rounded-full bg-violet-50 px-3 py-1 text-sm font-medium text-brand-strong">Coming soon</p>
      <p className="mt-6">
        <Link to="/dashboard" className="text-brand-strong underline">
          Back to Consciousness Home
        </Link>
      </p>
    </section>
  );
}
