import { GitBranch, TrendingUp } from "lucide-react";

const categories = [
  {
    title: "Decision Pattern Analysis",
    icon: GitBranch,
    text: "An export of the patterns in how you make decisions. Mindprint does not analyse decisions yet, so there is nothing to export.",
  },
  {
    title: "Learning & Growth Metrics",
    icon: TrendingUp,
    text: "An export of how your knowledge and views change over time. Mindprint does not measure this yet, so there is nothing to export.",
  },
];

/** The two export categories that are not built yet, marked Coming Soon, with no figures. */
export function ComingSoonCategories() {
  return (
    <section aria-labelledby="coming-soon-exports-heading" className="grid gap-3">
      <h2 id="coming-soon-exports-heading" className="text-xl font-semibold">
        More exports
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {categories.map(({ title, icon: Icon, text }) => (
          <li key={title} className="rounded-2xl border border-dashed border-stone-300 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 font-semibold">
                <Icon aria-hidden="true" className="h-5 w-5 text-brand" />
                {title}
              </h3>
              <span className="rounded-full bg-violet-50 px-3 py-1 text-sm font-medium text-brand-strong">Coming Soon</span>
            </div>
            <p className="mt-2 text-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
